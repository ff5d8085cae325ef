/**
 * The app's downloader as the screens reach it (issue 17): app/ provides the engine's singleton once its chunk has
 * loaded (app/downloads.tsx), screen tests a fake one. A file of its own so the app's first chunk carries only this.
 */
import { createContext } from 'react';
import type { DownloadManager } from './engine/types';

/** The app's downloader; null while its code loads. */
export const DownloadManagerContext = createContext<DownloadManager | null>(null);
