/**
 * Money as every side writes it (spec §9 "Currency unit: yuan"; DESIGN.md §4: amounts are integer fen on the wire and
 * in storage). Conversions work on integers and on the decimal text, never with float arithmetic, so 0.1 + 0.2 style
 * errors cannot happen. Used by the server's payment channels, the viewer app's VIP, cash and promotion screens and
 * the console's billing pages.
 */

/**
 * Integer fen -> yuan text with exactly two decimals: `1990` -> `"19.90"`, `5` -> `"0.05"`, `-120` -> `"-1.20"`.
 * A non-integer is rounded to the nearest fen first; a non-finite number gives `"0.00"`.
 */
export function fenToYuan(fen: number): string {
  if (!Number.isFinite(fen)) return '0.00';
  const n = Math.round(fen);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A yuan amount as typed (`"19.9"`, `"19.90"`, `"20"`, `" 0.05 "`) -> integer fen (1990, 1990, 2000, 5); `null` for
 * anything else: negative, a point without decimals, more than two decimals, more than `maxIntegerDigits` digits before the point (default 12,
 * within Number's safe integers), not a plain decimal number.
 */
export function yuanToFen(text: string, maxIntegerDigits = 12): number | null {
  const m = new RegExp(`^(\\d{1,${maxIntegerDigits}})(?:\\.(\\d{1,2}))?$`).exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A signed points (or any integer) amount as a journal row shows it: `5` -> `"+5"`, `-3` -> `"-3"`, `0` -> `"0"`. */
export function signedAmount(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
