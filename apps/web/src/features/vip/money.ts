/**
 * Money as the viewer app shows it (spec §9 "Currency unit: yuan"; DESIGN.md §4: amounts are integer fen on the
 * wire and in storage). Pure functions, unit-tested in money.test.ts.
 */

/** Integer fen -> yuan text with exactly 2 decimals (`1990` -> `"19.90"`, `5` -> `"0.05"`). Never uses floats. */
export function fenToYuan(fen: number): string {
  if (!Number.isFinite(fen)) return '0.00';
  const n = Math.round(fen);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${yuan}.${cents}`;
}

/** `¥19.90` from integer fen. */
export function formatYuan(fen: number): string {
  return `¥${fenToYuan(fen)}`;
}
