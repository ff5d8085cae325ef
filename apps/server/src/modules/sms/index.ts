/**
 * The SMS module's public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs):
 * besides sms.service.ts, only what is exported here may be imported from outside the module.
 */
export { OneClickError, type OneClickProvider } from './one-click.ts';
export type { FetchLike, SmsPurpose } from './sms.provider.ts';
