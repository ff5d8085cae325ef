/** The "poster" feature's public surface: the promotion poster and identity card screens (import rules, .dependency-cruiser.cjs). */
export { default as IdCardPage } from './IdCardPage';
export { default as RewardMorePage } from './RewardMorePage';
