/**
 * The free-view rule of spec §4 over every combination of its five conditions (issue 7 "Proven by tests": a table
 * test). Blocked exactly when all five hold; a metered write (logged in, below VIP, no record, not tourist mode)
 * counts one use when the quota is not used up; nothing else counts.
 */
import { describe, expect, it } from 'vitest';
import { type FreeViewFacts, freeViewRule } from './quotas.rule.ts';

const NAMES = ['loggedIn', 'groupBelow3', 'quotaUsedUp', 'noRecord', 'touristStateNot1'] as const;

/** All 32 rows: bit i of n is condition NAMES[i]. */
const rows: FreeViewFacts[] = Array.from(
  { length: 32 },
  (_, n) => Object.fromEntries(NAMES.map((k, i) => [k, Boolean(n & (1 << i))])) as unknown as FreeViewFacts,
);

/** The expected outcome written out per row, independently of the implementation's expression. */
function expected(f: FreeViewFacts): { blocked: boolean; counts: boolean } {
  if (!f.loggedIn) return { blocked: false, counts: false }; // tourists are never metered
  if (!f.groupBelow3) return { blocked: false, counts: false }; // VIP
  if (!f.touristStateNot1) return { blocked: false, counts: false }; // tourist mode: nobody is blocked
  if (!f.noRecord) return { blocked: false, counts: false }; // an existing record replays for free
  return f.quotaUsedUp ? { blocked: true, counts: false } : { blocked: false, counts: true };
}

describe('freeViewRule (spec §4 Free-view flow)', () => {
  it('covers the 32 combinations exactly once', () => {
    const keys = new Set(rows.map((r) => NAMES.map((k) => (r[k] ? 1 : 0)).join('')));
    expect(keys.size).toBe(32);
  });

  it.each(rows.map((r) => [NAMES.map((k) => `${k}=${r[k] ? 1 : 0}`).join(' '), r] as const))('%s', (_label, facts) => {
    expect(freeViewRule(facts)).toEqual(expected(facts));
  });

  it('blocks in exactly one of the 32 rows (all five conditions true) and counts in exactly one', () => {
    const blocked = rows.filter((r) => freeViewRule(r).blocked);
    expect(blocked).toEqual([
      { loggedIn: true, groupBelow3: true, quotaUsedUp: true, noRecord: true, touristStateNot1: true },
    ]);
    const counted = rows.filter((r) => freeViewRule(r).counts);
    expect(counted).toEqual([
      { loggedIn: true, groupBelow3: true, quotaUsedUp: false, noRecord: true, touristStateNot1: true },
    ]);
    expect(rows.some((r) => freeViewRule(r).blocked && freeViewRule(r).counts)).toBe(false);
  });
});
