/** The "me" feature's public surface: what other features use of it (import rules, .dependency-cruiser.cjs). */
export { groupDisplayName } from './groupName';
