/**
 * Promotion methods (spec §2 Me, promotion: reward-more): the member's invitation link with a copy button, the
 * promotion poster the server draws (createTempQrcode type=poster) with "save" (createQrcode: the PNG as a download;
 * the server pays the daily "save promotion QR" task, spec §9) and "share" (the Web Share API with the picture,
 * else the link; the link is copied when the browser has no share sheet), and how promotion works in short.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { picUrl } from '../../lib/picUrl';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage, queryStateView } from '../../ui/StateViews';
import styles from './poster.module.css';
import type { SavedPoster } from './posterApi';
import { usePicture, useSavePoster } from './queries';
import { copyText, downloadBlob, shareInvitation } from './share';

export default function RewardMorePage() {
  const { t } = useTranslation();
  const poster = usePicture('poster');
  const save = useSavePoster();
  const code = useSession((s) => s.user?.invitation_code ?? '');
  // The poster fetched by a save, kept for a share that follows (one download, not two).
  const [saved, setSaved] = useState<SavedPoster | null>(null);

  const state = queryStateView([poster]);
  const info = poster.data;

  async function copyLink() {
    if (!info) return;
    toast((await copyText(info.link)) ? t('poster.copied') : t('poster.copyFailed'), 'success');
  }

  async function fetchPoster(): Promise<SavedPoster> {
    const r = await save.mutateAsync();
    setSaved(r);
    return r;
  }

  // Saving downloads the poster the server drew (and may pay the daily task: useSavePoster refreshes the points).
  const download = useMutation({
    mutationFn: fetchPoster,
    onSuccess: (r) => {
      downloadBlob(r.blob, r.filename);
      toast(r.point > 0 ? t('poster.savedPoints', { count: r.point }) : t('poster.saved'), 'success');
    },
    onError: (err) => toast(errorMessage(err) ?? t('common.loadingFailed'), 'fail'),
  });
  // Sharing sends the saved poster (fetched now when there is none yet), else the link alone.
  const share = useMutation({
    mutationFn: async (link: string) => {
      const r = saved ?? (await fetchPoster().catch(() => null));
      const file = r ? new File([r.blob], r.filename, { type: 'image/png' }) : undefined;
      return shareInvitation({ title: t('pages.rewardMore'), text: t('poster.shareText', { code }), url: link, file });
    },
    onSuccess: (outcome) => {
      if (outcome === 'copied') toast(t('poster.copied'), 'success');
      else if (outcome === 'failed') toast(t('poster.copyFailed'), 'fail');
    },
  });
  const busy = download.isPending || share.isPending;

  function onSave() {
    if (!busy) download.mutate();
  }

  function onShare() {
    if (!busy && info) share.mutate(info.link);
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.rewardMore')} />
      {state ?? (
        <>
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('poster.linkTitle')}</h2>
            <div className={styles.linkRow}>
              <span className={styles.link} data-testid="invite-link">
                {info?.link}
              </span>
              <button type="button" className={styles.secondary} onClick={copyLink} data-testid="copy-link">
                {t('poster.copy')}
              </button>
            </div>
            {code && (
              <p className={styles.code}>
                {t('poster.code')} <strong data-testid="invite-code">{code}</strong>
              </p>
            )}
          </section>

          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('poster.posterTitle')}</h2>
            <div className={styles.posterBox}>
              <img
                className={styles.poster}
                src={picUrl(info?.url)}
                width={info?.width}
                height={info?.height}
                alt={t('poster.posterAlt')}
                data-testid="poster-img"
              />
            </div>
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.primary}
                onClick={onSave}
                disabled={busy}
                data-testid="poster-save"
              >
                {t('poster.save')}
              </button>
              <button
                type="button"
                className={styles.secondary}
                onClick={onShare}
                disabled={busy}
                data-testid="poster-share"
              >
                {t('poster.share')}
              </button>
            </div>
            <p className={styles.note}>{t('poster.saveHint')}</p>
          </section>

          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('poster.howTitle')}</h2>
            <ol className={styles.steps}>
              <li>{t('poster.how1')}</li>
              <li>{t('poster.how2')}</li>
              <li>{t('poster.how3')}</li>
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
