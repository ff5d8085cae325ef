/** The downloads feature's public surface: what other features use of it (import rules, .dependency-cruiser.cjs). */
export { activeTaskCount, useDownloadManager, useDownloadTasks } from './useDownloads';
