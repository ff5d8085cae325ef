/**
 * Share (spec §2 Me: share-to; §7 shortUrl; §9 daily task "share"): the short link of an app page (`?path=`, the
 * home page by default; `?title=` is shown and sent), the system share sheet where the device has one, copying the
 * link, and the link's QR. A member's short link is made when the page opens, which pays the share task on the server
 * (once per page a day, up to its daily count) (modules/social); a tourist or the device's guest shares the page's plain address.
 */
import { guestCredentials } from '@openvod/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppConfig } from '../../lib/appConfig';
import { isGuestUser, useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';
import { toast } from '../../ui/feedback';
import { ShareIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { LoadingView } from '../../ui/StateViews';
import { useShortUrl } from './queries';
import styles from './social.module.css';

const HOME = '/pages/home/index';

/** The plain address of app page `path` on this origin (hash router). */
export function appUrl(path: string, loc: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${loc.origin}${loc.pathname}#${path}`;
}

export default function ShareToPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const path = params.get('path')?.startsWith('/pages/') ? (params.get('path') as string) : HOME;
  const title = params.get('title') ?? '';
  const appName = useAppConfig().app_share_name;
  const user = useSession((s) => s.user);
  const member = Boolean(user && !isGuestUser(user, guestCredentials(getDeviceId()).user_name));
  const short = useShortUrl();
  const asked = useRef('');
  useEffect(() => {
    if (!member || asked.current === path) return;
    asked.current = path;
    short.mutate(path);
  }, [member, path, short.mutate]);

  const link = short.data?.info.url ?? appUrl(path);
  const waiting = member && short.isPending;
  const text = title
    ? appName
      ? t('share.textWithApp', { name: title, app: appName })
      : t('share.text', { name: title })
    : t('social.shareAppText', { app: appName || t('app.name') });
  const canShare = typeof navigator.share === 'function';

  const systemShare = async () => {
    try {
      await navigator.share({ title: title || appName, text, url: link });
      toast(t('share.shared'), 'success');
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) toast(t('share.unavailable'), 'fail');
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${text} ${link}`);
      toast(t('share.copied'), 'success');
    } catch {
      toast(t('poster.copyFailed'), 'fail');
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.shareTo')} />
      {waiting ? (
        <LoadingView />
      ) : (
        <section className={styles.section} data-testid="share-to">
          <h2 className={styles.sectionTitle}>{title || appName || t('social.shareApp')}</h2>
          <div className={styles.linkBox} data-testid="share-link">
            {link}
          </div>
          <div className={styles.actions}>
            {canShare && (
              <button type="button" className={`${styles.action} ${styles.primary}`} onClick={systemShare}>
                <ShareIcon size={18} />
                <span>{t('social.systemShare')}</span>
              </button>
            )}
            <button
              type="button"
              className={`${styles.action} ${canShare ? '' : styles.primary}`}
              onClick={copy}
              data-testid="share-copy"
            >
              {t('social.copyLink')}
            </button>
          </div>
          <div className={styles.qr}>
            <QRCodeSVG value={link} size={196} marginSize={1} data-testid="share-qr" />
          </div>
          <p className={styles.hint}>{member ? t('social.shareHint') : t('social.shareLoginHint')}</p>
        </section>
      )}
    </div>
  );
}
