/** The ads feature's public surface: what other features use of it (import rules, .dependency-cruiser.cjs). */
export { slotOn } from './adsApi';
