/** Fen ↔ yuan for the withdrawal screens: integer arithmetic only (the server counts fen). */

import { yuanToFen } from '@openvod/contract';

/** 1234 → "12.34" (the contract's fenToYuan). */
export { fenToYuan as yuan } from '@openvod/contract';

/**
 * "12.3" / "12" / "0.05" → fen; null when the text is not a positive yuan amount with at most 2 decimals and 7 digits
 * before the point.
 */
export function parseYuan(text: string): number | null {
  const fen = yuanToFen(text, 7);
  return fen !== null && fen > 0 ? fen : null;
}

/** The operator's fee of `fen` (same rule as the server's cash.service.ts feeOf): basis points (floor) + fixed. */
export function feeOf(fen: number, rules: { fee_bp: number; fee_fixed_fen: number }): number {
  return Math.floor((fen * rules.fee_bp) / 10_000) + rules.fee_fixed_fen;
}
