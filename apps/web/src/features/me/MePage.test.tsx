/**
 * The me page (spec §2 me/index) links to the member centre: buy-center (the VIP banner), order-list, up-grade and
 * redemption-code, with translated labels.
 */
import type { UserInfo } from '@openvod/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import MePage from './MePage';

beforeAll(async () => {
  await initI18n('en-us');
});
afterEach(() => {
  cleanup();
  useSession.setState({ user: null });
});

describe('MePage', () => {
  it('links to buy-center, order-list, up-grade and redemption-code with translated labels', () => {
    useSession.setState({
      user: {
        user_id: 7,
        user_name: 'viewer',
        user_nick_name: '',
        user_portrait: '',
        user_phone: '',
        group_id: 2,
        group: { group_id: 2, group_name: '默认会员', group_type: '', group_status: 1 },
        user_points: 0,
        user_noad_time: 0,
        user_end_time: 0,
        is_vip: false,
      } as unknown as UserInfo,
    });
    render(
      <MemoryRouter>
        <MePage />
      </MemoryRouter>,
    );
    const href = (id: string) => screen.getByTestId(id).getAttribute('href');
    expect(href('me-vip')).toBe(paths.buyCenter);
    expect(href('me-orders')).toBe(paths.orderList);
    expect(href('me-upgrade')).toBe(paths.upGrade);
    expect(href('me-redeem')).toBe(paths.redemptionCode);
    expect(screen.getByTestId('me-orders').textContent).toContain('My orders');
    expect(screen.getByTestId('me-upgrade').textContent).toContain('VIP with points');
    expect(screen.getByTestId('me-redeem').textContent).toContain('Redemption code');
  });

  it('opens the offline cache from its shortcut, with a badge only while downloads run', () => {
    const { rerender } = render(
      <MemoryRouter>
        <MePage badges={{ [paths.download]: 2 }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('me-downloads').getAttribute('href')).toBe(paths.download);
    expect(screen.getByTestId('me-downloads-badge').textContent).toBe('2');
    rerender(
      <MemoryRouter>
        <MePage badges={{ [paths.download]: 0 }} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('me-downloads-badge')).toBeNull();
  });

  it('shows the device guest as a guest with a short id, not its hex name and group', () => {
    useSession.setState({
      user: {
        user_id: 8,
        user_name: '7169649e',
        user_nick_name: '',
        user_portrait: '',
        user_phone: '',
        group_id: 2,
        group: { group_id: 2, group_name: '默认会员', group_type: '', group_status: 1 },
        user_points: 3,
        user_noad_time: 0,
        user_end_time: 0,
        is_vip: false,
      } as unknown as UserInfo,
    });
    render(
      <MemoryRouter>
        <MePage isGuest />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('me-name').textContent).toBe('Guest 7169');
    expect(screen.getByTestId('me-second-line').textContent).not.toContain('7169649e');
    expect(screen.getByTestId('me-guest-badge').textContent).toBe('Guest account');
    expect(screen.queryByTestId('me-group')).toBeNull();
    expect(screen.getByTestId('me-login').textContent).toBe('Log in');
  });

  it("shows a guest that bound a phone by its masked phone (or nickname), never the guest's hex name", () => {
    const bound = {
      user_id: 9,
      user_name: 'fa5aded3',
      user_nick_name: '',
      user_portrait: '',
      user_phone: '13800138000',
      imei: 'fa5aded3c0ffee00',
      group_id: 2,
      group: { group_id: 2, group_name: '默认会员', group_type: '', group_status: 1 },
      user_points: 3,
      user_noad_time: 0,
      user_end_time: 0,
      is_vip: false,
    } as unknown as UserInfo;
    const mask = (p: string) => `${p.slice(0, 3)}****${p.slice(7)}`;
    useSession.setState({ user: bound });
    const { unmount } = render(
      <MemoryRouter>
        <MePage maskPhone={mask} deviceGuestName="fa5aded3" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('me-name').textContent).toBe('138****8000');
    expect(screen.getByTestId('me-profile').textContent).not.toContain('fa5aded3');
    unmount();
    // On another device (another guest name) the stored imei still tells the generated name; a nickname wins.
    render(
      <MemoryRouter>
        <MePage maskPhone={mask} deviceGuestName="00000000" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('me-name').textContent).toBe('138****8000');
    cleanup();
    useSession.setState({ user: { ...bound, user_nick_name: 'Mia' } });
    render(
      <MemoryRouter>
        <MePage maskPhone={mask} deviceGuestName="fa5aded3" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('me-name').textContent).toBe('Mia');
    expect(screen.getByTestId('me-second-line').textContent).toBe('138****8000');
  });

  it('keeps a chosen user name for a member with a phone', () => {
    useSession.setState({
      user: {
        user_id: 10,
        user_name: 'alice',
        user_nick_name: '',
        user_phone: '13800138000',
        imei: 'fa5aded3c0ffee00',
        group: { group_id: 2, group_name: '默认会员', group_type: '', group_status: 1 },
        group_id: 2,
        is_vip: false,
      } as unknown as UserInfo,
    });
    render(
      <MemoryRouter>
        <MePage deviceGuestName="fa5aded3" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('me-name').textContent).toBe('alice');
  });
});
