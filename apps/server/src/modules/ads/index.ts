/**
 * The ads module's public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs):
 * besides ads.service.ts, only what is exported here may be imported from outside the module.
 */
export { DEMO_AD_URL } from './demo-ad.ts';
