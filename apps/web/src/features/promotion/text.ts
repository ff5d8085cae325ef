/** Formatting of the promotion screens: fen as yuan, basis points as percent, translated source and status names. */
import type { TFunction } from 'i18next';

/** 1234 fen → "12.34" (yuan, two decimals; the contract's fenToYuan). */
export { fenToYuan as yuan } from '@openvod/contract';

/** 1500 basis points → "15%", 250 → "2.5%". */
export function percent(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

const SOURCES = ['register', 'active', 'spend', 'points'] as const;
const STATUSES = ['pending', 'available', 'reversed'] as const;

/** The translated name of an earning source (unknown sources show as they are). */
export function sourceName(t: TFunction, source: string): string {
  const known = SOURCES.find((s) => s === source);
  return known ? t(`promotion.source.${known}`) : source;
}

export function statusName(t: TFunction, status: string): string {
  const known = STATUSES.find((s) => s === status);
  return known ? t(`promotion.status.${known}`) : status;
}

/** The invitation link of `code` on this app's address: `<origin><path>?code=<code>` (launch.ts reads it). */
export function invitationLink(
  code: string,
  location: Pick<Location, 'origin' | 'pathname'> = window.location,
): string {
  return `${location.origin}${location.pathname}?code=${encodeURIComponent(code)}`;
}
