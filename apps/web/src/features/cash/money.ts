/** Fen ↔ yuan for the withdrawal screens: integer arithmetic only (the server counts fen). */

/** 1234 → "12.34". */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.3" / "12" / "0.05" → fen; null when the text is not a positive yuan amount with at most 2 decimals. */
export function parseYuan(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen > 0 ? fen : null;
}

/** The operator's fee of `fen` (same rule as the server's cash.service.ts feeOf): basis points (floor) + fixed. */
export function feeOf(fen: number, rules: { fee_bp: number; fee_fixed_fen: number }): number {
  return Math.floor((fen * rules.fee_bp) / 10_000) + rules.fee_fixed_fen;
}
