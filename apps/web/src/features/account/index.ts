/** The account feature's public surface: what other features use of it (import rules, .dependency-cruiser.cjs). */
export { useGuestBuyGate } from './bindGate';
export { displayNameOf, useDisplayName, useIsGuest } from './guestIdentity';
