/**
 * Messages of the downloads report (issue 17 item 2: reportDownload's refusal) in the 9 locales of spec §1 (zh-cn
 * is the source).
 */
import type { Locale } from '@openvod/contract';

export type DownloadsKey = 'download_not_downloaded';

export const DOWNLOADS_MESSAGES: Record<Locale, Record<DownloadsKey, string>> = {
  'zh-cn': { download_not_downloaded: '你尚未下载这一集，请先在应用中开始下载' },
  'zh-tw': { download_not_downloaded: '你尚未下載這一集，請先在應用程式中開始下載' },
  'en-us': { download_not_downloaded: 'You have not downloaded this episode. Start its download in the app first' },
  'fr-fr': {
    download_not_downloaded: 'Vous n’avez pas téléchargé cet épisode. Lancez d’abord son téléchargement dans l’app',
  },
  'de-de': {
    download_not_downloaded: 'Du hast diese Folge nicht heruntergeladen. Starte zuerst den Download in der App',
  },
  'es-es': {
    download_not_downloaded: 'No has descargado este episodio. Inicia primero su descarga en la app',
  },
  'pt-pt': {
    download_not_downloaded: 'Não transferiu este episódio. Comece primeiro a transferência na aplicação',
  },
  'ja-jp': {
    download_not_downloaded: 'このエピソードはダウンロードされていません。先にアプリでダウンロードを開始してください',
  },
  'ko-kr': { download_not_downloaded: '이 회차를 다운로드하지 않았습니다. 먼저 앱에서 다운로드를 시작하세요' },
};
