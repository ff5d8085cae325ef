/** The cash feature's public surface: what other features use of it (import rules, .dependency-cruiser.cjs). */
export { yuan } from './money';
export { useCashCenter } from './queries';
