/**
 * The promotion feature's public surface for other features and the app shell: the launch's visit report
 * (spec §7 visit, called when the launch URL has `?code=`).
 */
export { reportVisit } from './visit';
