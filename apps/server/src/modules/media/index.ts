/**
 * The media module's public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs):
 * besides its *.service.ts files, only what is exported here may be imported from outside the module.
 */
export { findFfmpeg, listFfmpegFilters, runFfmpeg } from './ffmpeg.ts';
