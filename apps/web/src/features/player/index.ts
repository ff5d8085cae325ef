/** The player feature's public surface: what other features use of it (import rules, .dependency-cruiser.cjs). */
export { chooseEngine, mediaUrl, resolveSelection } from './episodes';
export { createHls, type HlsClass, type HlsInstance, loadedHls, loadHls } from './hlsEngine';
export { PauseGlyph, PlayGlyph } from './playerIcons';
export type { PlayerState } from './playerState';
export {
  findWatchRecord,
  getWatchRecordSync,
  progressPercent,
  setWatchRecordSync,
  useWatchRecordStore,
  type WatchRecord,
  type WatchRecordSync,
} from './watchRecord';
