import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { picUrl } from '../../lib/picUrl';
import { useUserId } from '../../lib/session';
import { useServerPull } from '../../lib/useServerPull';
import { confirm, toast } from '../../ui/feedback';
import { ImageIcon, TrashIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, LoadingView } from '../../ui/StateViews';
import { useWallpaperCollection, type WallpaperRecord } from './collectionStore';
import { clearWallpapers, pullWallpapers } from './collectionSync';
import type { WallpaperSlide } from './slides';
import styles from './WallpaperCollectionPage.module.css';
import { WallpaperViewer } from './WallpaperViewer';

/** A collected picture as a viewer page. */
export function recordSlide(r: WallpaperRecord): WallpaperSlide {
  return {
    key: r.vod_play_url,
    vod_id: r.vod_id,
    vod_name: r.vod_name,
    vod_pic: r.vod_pic,
    url: picUrl(r.vod_play_url),
    n: 0,
    sid: r.sid ?? 0,
    nid: r.nid ?? 0,
    total: 0,
    loaded: true,
  };
}

function Thumb({ record, onOpen }: { record: WallpaperRecord; onOpen: () => void }) {
  const [src, setSrc] = useState(picUrl(record.vod_play_url));
  return (
    <button type="button" className={styles.thumb} onClick={onOpen} data-testid="wallpaper-collection-item">
      {src ? (
        <img
          src={src}
          alt={record.vod_name}
          loading="lazy"
          decoding="async"
          onError={() => setSrc((cur) => (cur === picUrl(record.vod_pic) ? '' : picUrl(record.vod_pic)))}
        />
      ) : (
        <ImageIcon size={28} />
      )}
    </button>
  );
}

/**
 * `me/common/wallpaper-collection` (spec §2, §3): the pictures this user collected, newest first; a picture opens in
 * the full-screen viewer (where collecting again removes it). Stored on the device per user_id; for a signed-in user
 * a copy of the server's wallpaper favourites (issue 7), read again when the page opens.
 */
export default function WallpaperCollectionPage() {
  const { t } = useTranslation();
  const userId = useUserId();
  const records = useWallpaperCollection();
  const server = useServerPull(userId, pullWallpapers);
  // The viewer shows the list as it was when opened (removing the current picture keeps the page in place).
  const [viewing, setViewing] = useState<{ slides: WallpaperSlide[]; index: number } | null>(null);

  if (viewing)
    return (
      <WallpaperViewer
        slides={viewing.slides}
        index={viewing.index}
        onIndexChange={(index) => setViewing({ ...viewing, index })}
        onBack={() => setViewing(null)}
      />
    );

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('pages.wallpaperCollection')}
        right={
          records.length > 0 ? (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('media.clearCollection')}
              onClick={async () => {
                const ok = await confirm({
                  content: t('media.clearCollectionConfirm'),
                  confirmText: t('media.clear'),
                  cancelText: t('common.cancel'),
                });
                if (!ok) return;
                try {
                  await clearWallpapers(userId);
                } catch (err) {
                  toast(err instanceof Error && err.message ? err.message : t('common.loadingFailed'), 'fail');
                }
              }}
            >
              <TrashIcon size={20} />
            </button>
          ) : undefined
        }
      />
      {records.length === 0 && server.pending ? (
        <LoadingView />
      ) : records.length === 0 && server.error ? (
        <ErrorView message={server.error} onRetry={server.retry} />
      ) : records.length === 0 ? (
        <EmptyView
          title={t('media.collectionEmpty')}
          description={t('media.collectionEmptyHint')}
          icon={<ImageIcon size={40} />}
        />
      ) : (
        <>
          <p className={styles.count}>{t('media.collectionCount', { count: records.length })}</p>
          <div className={styles.grid}>
            {records.map((r, i) => (
              <Thumb
                key={r.vod_play_url}
                record={r}
                onOpen={() => setViewing({ slides: records.map(recordSlide), index: i })}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
