/**
 * web/index, the in-app web page (spec §2 "web/index (in-app web page, param url)", §7 "The ad page is loaded with a
 * source url query parameter"): the page at `url` under a title bar with back and 'open in browser'. Only absolute
 * http(s) addresses are shown; anything else (`javascript:`, `data:`, site paths) gets the 'page address wrong'
 * view. The frame is sandboxed (scripts, forms, pop-ups; never top navigation); a page of the app's own origin gets
 * no `allow-same-origin` either, so nothing loaded here can act as the app.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView } from '../../ui/StateViews';
import styles from './ads.module.css';

/** The page to show: an absolute http(s) URL with a host, else undefined. */
export function webPageUrl(raw: string | null): URL | undefined {
  if (!raw) return undefined;
  try {
    const u = new URL(raw.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' ? u : undefined;
  } catch {
    return undefined;
  }
}

/** The frame's sandbox: a foreign page keeps its own origin (its cookies work); the app's origin never does. */
export function webPageSandbox(url: URL, appOrigin: string): string {
  const base = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';
  return url.origin === appOrigin ? base : `${base} allow-same-origin`;
}

export default function WebPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = webPageUrl(params.get('url'));
  if (!url) {
    return (
      <div className={styles.webPage}>
        <PageHeader title={t('adsys.webTitle')} />
        <ErrorView message={t('error.pageAddressWrong')} />
      </div>
    );
  }
  return (
    <div className={styles.webPage} data-testid="web-page">
      <PageHeader
        title={url.hostname}
        right={
          <a
            className={styles.webOpen}
            href={url.toString()}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="web-open-browser"
          >
            {t('adsys.openBrowser')}
          </a>
        }
      />
      <iframe
        className={styles.webFrame}
        title={url.hostname}
        src={url.toString()}
        sandbox={webPageSandbox(url, window.location.origin)}
        referrerPolicy="no-referrer"
        data-testid="web-frame"
      />
    </div>
  );
}
