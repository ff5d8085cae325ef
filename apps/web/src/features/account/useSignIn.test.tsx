/**
 * Leaving the login page after a sign-in (useSignIn): a page that opened it with the navigation state `returnsBack`
 * (the guest's buy prompt, bindGate.tsx) is returned to by going back, so the history holds it once; a plain
 * `?redirect=` replaces the login page.
 */
import type { UserInfo } from '@openvod/contract';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../lib/accountApi';
import { paths } from '../../lib/routes';
import { useSignIn } from './useSignIn';

const res = { code: 1, msg: 'ok', token: 't', info: { user_id: 3, user_name: 'm' } as UserInfo } as SessionPayload;
const buy = `${paths.buyCenter}?group_id=3&long=day`;

let where = '';
let signIn: (r: SessionPayload) => void = () => undefined;
let back: () => void = () => undefined;
function Probe() {
  const loc = useLocation();
  where = `${loc.pathname}${loc.search}`;
  signIn = useSignIn();
  const navigate = useNavigate();
  back = () => navigate(-1);
  return null;
}

afterEach(cleanup);

describe('useSignIn', () => {
  it('goes back to the page that asked (returnsBack): one back more leaves it', () => {
    const login = {
      pathname: paths.login,
      search: `?redirect=${encodeURIComponent(buy)}`,
      state: { returnsBack: true },
    };
    render(
      <MemoryRouter initialEntries={[paths.me, buy, login]} initialIndex={2}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => signIn(res));
    expect(where).toBe(buy);
    act(() => back());
    expect(where).toBe(paths.me);
  });

  it('replaces the login page by a plain ?redirect=', () => {
    render(
      <MemoryRouter initialEntries={[paths.me, `${paths.login}?redirect=${encodeURIComponent(buy)}`]} initialIndex={1}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => signIn(res));
    expect(where).toBe(buy);
    act(() => back());
    expect(where).toBe(paths.me);
  });
});
