/**
 * The danmaku send box (DanmakuControls.tsx `DanmakuSheets`) against a stubbed server: spec §5's empty text and the
 * contract's length limit said in the box (nothing posted), a valid text posted trimmed at the player's time with the
 * colour picked (the box closes, the list is fetched again), and a refusal shown as a toast with the server's message
 * (spec §8), the box left open.
 */
import { DANMAKU_TEXT_MAX, type UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { danmakuListKey } from './api';
import { checkDanmakuText, DanmakuSheets } from './DanmakuControls';
import { useDanmakuSheet } from './sheet';

const posted: { text: string; time: number; color: string; nid: number; sid: number }[] = [];
let refuse = false;

beforeAll(async () => {
  await initI18n('en-us');
});

beforeEach(() => {
  posted.length = 0;
  refuse = false;
  useSession.setState({ token: 'tok', user: { user_id: 7, user_name: 'viewer' } as UserInfo });
  useDanmakuSheet.setState({ sheet: 'send', sid: 2 });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname !== '/api/barrage' || init.method !== 'POST')
      return Response.json({ code: 0, msg: 'no' }, { status: 404 });
    posted.push(JSON.parse(String(init.body)));
    if (refuse) return Response.json({ code: 0, msg: 'You are blocked from sending danmaku' }, { status: 403 });
    return Response.json({
      code: 1,
      msg: 'ok',
      info: { barrage_id: 1, barrage_time: 12.5, barrage_text: posted.at(-1)?.text ?? '', barrage_color: '#ff0000' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBox() {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const video = { currentTime: 12.5 } as HTMLVideoElement;
  render(
    <QueryClientProvider client={client}>
      <DanmakuSheets video={video} vodId={42} nid={3} />
    </QueryClientProvider>,
  );
  const input = screen.getByTestId('danmaku-input').querySelector('input') as HTMLInputElement;
  const send = (text: string) => {
    fireEvent.change(input, { target: { value: text } });
    fireEvent.click(screen.getByTestId('danmaku-send'));
  };
  return { send, invalidate };
}

describe('checkDanmakuText', () => {
  it('refuses an empty text and one over the limit (spaces around it do not count), takes the rest', () => {
    expect(checkDanmakuText('')).toBe('danmaku.empty');
    expect(checkDanmakuText('   ')).toBe('danmaku.empty');
    expect(checkDanmakuText('好'.repeat(DANMAKU_TEXT_MAX))).toBeUndefined();
    expect(checkDanmakuText(` ${'好'.repeat(DANMAKU_TEXT_MAX)} `)).toBeUndefined();
    expect(checkDanmakuText('好'.repeat(DANMAKU_TEXT_MAX + 1))).toBe('danmaku.tooLong');
  });
});

describe('the send box', () => {
  it('says what is wrong with an empty or a too long text and posts nothing', async () => {
    const { send } = renderBox();
    send('   ');
    expect((await screen.findByTestId('danmaku-error')).textContent).toBe('Type a danmaku first');
    send('x'.repeat(DANMAKU_TEXT_MAX + 1));
    await waitFor(() =>
      expect(screen.getByTestId('danmaku-error').textContent).toBe(
        `A danmaku has at most ${DANMAKU_TEXT_MAX} characters`,
      ),
    );
    expect(posted).toHaveLength(0);
  });

  it('posts a valid text trimmed at the player time, closes and fetches the list again', async () => {
    const { send, invalidate } = renderBox();
    fireEvent.click(screen.getByTestId('danmaku-color-ffd302'));
    send('  hello  ');
    await waitFor(() => expect(useDanmakuSheet.getState().sheet).toBe('none'));
    expect(posted).toEqual([expect.objectContaining({ text: 'hello', time: 12.5, color: '#ffd302', nid: 3, sid: 2 })]);
    expect(screen.queryByTestId('danmaku-error')).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toBe('Danmaku sent');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: danmakuListKey(42, 3) });
  });

  it("shows a refusal as a toast with the server's message and keeps the box open", async () => {
    refuse = true;
    const { send } = renderBox();
    send('after the block');
    expect((await screen.findByTestId('toast')).textContent).toBe('You are blocked from sending danmaku');
    expect(useDanmakuSheet.getState().sheet).toBe('send');
    expect(screen.getByTestId('danmaku-send-box')).toBeTruthy();
  });
});
