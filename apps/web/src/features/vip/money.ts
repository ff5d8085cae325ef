/**
 * Money as the viewer app shows it (spec §9 "Currency unit: yuan"; DESIGN.md §4: amounts are integer fen on the
 * wire and in storage). Pure functions, unit-tested in money.test.ts.
 */

import { fenToYuan } from '@openvod/contract';

/** Integer fen -> yuan text with exactly 2 decimals (`1990` -> `"19.90"`, `5` -> `"0.05"`; the contract's). */
export { fenToYuan };

/** `¥19.90` from integer fen. */
export function formatYuan(fen: number): string {
  return `¥${fenToYuan(fen)}`;
}
