import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath } from '../../lib/routes';
import { ShareIcon } from '../../ui/icons';
import styles from './collections.module.css';

/** The share page (spec §2 Me: share-to, apps/web/src/features/social/ShareToPage.tsx) for the page `path`. */
const SHARE_TO = '/pages/me/share-to';

/**
 * The title page's share action (spec §9 "share" reward): opens share-to with the title's page, where the short
 * link is made (which pays the share task on the server: once per page a day, up to the task's daily count), the
 * system share sheet, copying and the QR.
 */
export function ShareButton({ vod }: { vod: { vod_id: number; vod_name: string } }) {
  const { t } = useTranslation();
  const to = `${SHARE_TO}?${new URLSearchParams({ path: detailPath(vod.vod_id), title: vod.vod_name }).toString()}`;
  return (
    <Link to={to} className={styles.favButton} data-testid="share-title">
      <ShareIcon size={18} />
      <span>{t('share.button')}</span>
    </Link>
  );
}
