/** `me/download/index` (issue 17 item 6): the download page over the app's downloader (app/downloads.tsx). */
import DownloadPage from '../../features/downloads/DownloadPage';
import { useDownloadsEngine } from '../downloads';

export default function DownloadRoute() {
  useDownloadsEngine();
  return <DownloadPage />;
}
