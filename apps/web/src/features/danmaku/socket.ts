/**
 * The live channel of one episode (issue 5 item 3): a WebSocket to `/api/danmaku/ws?vodId=&nid=` that reconnects
 * with a growing delay (1 s doubling to 30 s) while the episode is open. Frames are `DanmakuEvent` JSON texts.
 */
import type { DanmakuEvent } from '@openvod/contract';
import { danmakuSocketUrl } from './api';

export interface LiveChannel {
  close(): void;
}

export function openLiveChannel(
  vodId: number,
  nid: number,
  onEvent: (e: DanmakuEvent) => void,
  onState: (connected: boolean) => void = () => {},
): LiveChannel {
  let ws: WebSocket | undefined;
  let closed = false;
  let delay = 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    if (closed) return;
    ws = new WebSocket(danmakuSocketUrl(vodId, nid));
    ws.onopen = () => {
      delay = 1000;
      onState(true);
    };
    ws.onmessage = (m) => {
      try {
        onEvent(JSON.parse(String(m.data)) as DanmakuEvent);
      } catch {
        // not an event: ignored
      }
    };
    ws.onclose = () => {
      onState(false);
      if (closed) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(30_000, delay * 2);
    };
  };
  connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      ws?.close();
    },
  };
}
