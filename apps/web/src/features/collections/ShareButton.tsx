import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/appConfig';
import { useUserId } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { ShareIcon } from '../../ui/icons';
import styles from './collections.module.css';
import { reportShare, shareTitle, titleUrl } from './share';

/**
 * The title page's share action (issue 7 item 5, spec §9 "share" reward; share.ts): opens the system share sheet or
 * copies the link, then, for a signed-in viewer, reports the share and shows the points it paid.
 */
export function ShareButton({ vod }: { vod: { vod_id: number; vod_name: string } }) {
  const { t } = useTranslation();
  const userId = useUserId();
  const appName = useAppConfig().app_share_name;
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      const outcome = await shareTitle({
        title: vod.vod_name,
        text: appName
          ? t('share.textWithApp', { name: vod.vod_name, app: appName })
          : t('share.text', { name: vod.vod_name }),
        url: titleUrl(vod.vod_id),
      });
      if (outcome === 'cancelled') return;
      if (outcome === 'unavailable') {
        toast(t('share.unavailable'), 'fail');
        return;
      }
      let points = 0;
      if (userId > 0) points = await reportShare(vod.vod_id).catch(() => 0);
      const done = outcome === 'copied' ? t('share.copied') : t('share.shared');
      toast(points > 0 ? `${done} ${t('share.points', { points })}` : done, 'success');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={styles.favButton} disabled={busy} onClick={onClick} data-testid="share-title">
      <ShareIcon size={18} />
      <span>{t('share.button')}</span>
    </button>
  );
}
