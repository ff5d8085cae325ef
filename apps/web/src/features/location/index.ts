/**
 * The "location" feature's public surface (import rules, .dependency-cruiser.cjs): the personal centre's region
 * rows. The pages (/choose-location, /open-location, with Leaflet) are composed by app/router.tsx from their files.
 */
export { RegionRow } from './RegionRow';
