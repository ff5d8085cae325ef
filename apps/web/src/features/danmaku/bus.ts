/**
 * Danmaku sent from this screen, from the send box to the layer (both of this feature): the layer shows them at once,
 * framed as the viewer's own, before the live channel echoes them (the echo is then ignored by id).
 */
import type { BarrageItem } from '@openvod/contract';

export interface SentDanmaku {
  vodId: number;
  nid: number;
  item: BarrageItem;
}

const target = new EventTarget();

export function announceSent(sent: SentDanmaku): void {
  target.dispatchEvent(new CustomEvent<SentDanmaku>('sent', { detail: sent }));
}

export function onSent(listener: (sent: SentDanmaku) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<SentDanmaku>).detail);
  target.addEventListener('sent', handler);
  return () => target.removeEventListener('sent', handler);
}
