/**
 * The accounts module's public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs):
 * besides accounts.service.ts and phone.service.ts, only what is exported here may be imported from outside.
 */
export { effectiveRights, grantNewTypes, type NewType, typeIdsOf } from './group-rights.ts';
export { isGuestAccount, quotaGroupOf } from './guest-account.ts';
export { LoginGuard, MemoryFailureCounter, RedisFailureCounter } from './limits.ts';
