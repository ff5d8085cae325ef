/** Moved to lib/picUrl (shared by the catalogue and the media feeds); kept for this feature's own importers. */
export { picUrl } from '../../lib/picUrl';
