/**
 * The ads module's public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs):
 * besides ads.service.ts, only what is exported here may be imported from outside the module.
 */
// The demo's ad moved to src/demo/demo-ad.ts (demo code is not domain code).
export {};
