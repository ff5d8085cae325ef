import { useTranslation } from 'react-i18next';
import { useUserId } from '../../lib/session';
import { FeedTopBar } from '../../ui/FeedTopBar';
import { toast } from '../../ui/feedback';
import { DownloadIcon, StarIcon } from '../../ui/icons';
import { SwipePager } from '../../ui/SwipePager';
import { useWallpaperCollection } from './collectionStore';
import { toggleWallpaper } from './collectionSync';
import { downloadName, type WallpaperSlide } from './slides';
import styles from './WallpaperViewer.module.css';

interface WallpaperViewerProps {
  slides: readonly WallpaperSlide[];
  index: number;
  onIndexChange: (index: number) => void;
  /** Shown instead of the pager while there are no pages (loading, error, empty). */
  placeholder?: React.ReactNode;
  /** The back button's action (default: history back). */
  onBack?: () => void;
}

/** Save a picture: a same-origin link with `download` saves the file; other origins open it for a long-press save. */
export function savePicture(slide: Pick<WallpaperSlide, 'vod_name' | 'n' | 'url'>): void {
  const a = document.createElement('a');
  a.href = slide.url;
  a.download = downloadName(slide);
  a.rel = 'noopener';
  a.target = '_blank';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Full-screen wallpaper pager (spec §2 `wallpaper/detail`): swipe (or arrows / wheel) between pictures; save the
 * picture; collect it into the wallpaper collection (tapping again removes it).
 */
export function WallpaperViewer({ slides, index, onIndexChange, placeholder, onBack }: WallpaperViewerProps) {
  const { t } = useTranslation();
  const userId = useUserId();
  const collection = useWallpaperCollection();
  const current = slides[index];
  const collected = Boolean(current && collection.some((r) => r.vod_play_url === current.url));

  const title = current
    ? current.total > 1
      ? `${current.vod_name} · ${current.n}/${current.total}`
      : current.vod_name
    : '';

  return (
    <div className={styles.page}>
      <FeedTopBar title={title || t('pages.wallpaperDetail')} onBack={onBack} />
      {slides.length === 0 ? (
        placeholder
      ) : (
        <SwipePager
          direction="horizontal"
          count={slides.length}
          index={index}
          onIndexChange={onIndexChange}
          slideKey={(i) => slides[i]?.key ?? String(i)}
          label={t('pages.wallpaperDetail')}
          testId="wallpaper-pager"
          renderSlide={(i, offset) => {
            const slide = slides[i];
            if (!slide) return null;
            return (
              <figure
                className={styles.slide}
                data-testid={`wallpaper-slide-${slide.key}`}
                data-url={slide.url}
                data-current={offset === 0 || undefined}
                data-loaded={slide.loaded || undefined}
              >
                {slide.url && <img className={styles.backdrop} src={slide.url} alt="" draggable={false} />}
                {slide.url ? (
                  <img
                    className={styles.picture}
                    src={slide.url}
                    alt={slide.vod_name}
                    draggable={false}
                    decoding="async"
                    data-testid="wallpaper-picture"
                  />
                ) : (
                  <figcaption className={styles.missing}>{t('media.noPicture')}</figcaption>
                )}
              </figure>
            );
          }}
        />
      )}
      {current && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            disabled={!current.loaded || !current.url}
            onClick={() => {
              savePicture(current);
              toast(t('media.saveStarted'));
            }}
            data-testid="wallpaper-save"
          >
            <DownloadIcon size={22} />
            <span>{t('media.save')}</span>
          </button>
          <button
            type="button"
            className={styles.action}
            aria-pressed={collected}
            disabled={!current.loaded || !current.url}
            onClick={async () => {
              // Signed in, the server keeps the collection (issue 7): the star follows its answer.
              try {
                const now = await toggleWallpaper(userId, {
                  vod_id: current.vod_id,
                  vod_name: current.vod_name,
                  vod_play_url: current.url,
                  vod_pic: current.vod_pic,
                  ...(current.sid > 0 && current.nid > 0 ? { sid: current.sid, nid: current.nid } : {}),
                });
                toast(now ? t('media.collected') : t('media.uncollected'), 'success');
              } catch (err) {
                toast(err instanceof Error && err.message ? err.message : t('common.loadingFailed'), 'fail');
              }
            }}
            data-testid="wallpaper-collect"
          >
            <StarIcon size={22} />
            <span>{collected ? t('media.collectedLabel') : t('media.collect')}</span>
          </button>
        </div>
      )}
    </div>
  );
}
