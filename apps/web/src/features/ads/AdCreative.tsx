/**
 * The creative of one ad (spec §3 `ad_type`): 1 image, 2 video (muted, inline, looping; its picture as poster),
 * 3 script code and 0 a network (Google) unit in the server's sandboxed frame (ScriptAdFrame). 4 (uni platform ads) exists
 * only in the native apps: nothing is drawn on the web. `onError` fires when the image or video fails to load
 * (spec §4 "Load failure ... hides it").
 */
import type { AdItem } from '@openvod/contract';
import styles from './ads.module.css';
import { googleUnitValid, ScriptAdFrame } from './ScriptAdFrame';

/** Whether the web can draw this ad at all (see the module comment). */
export function webDrawable(ad: Pick<AdItem, 'ad_type' | 'ad_pic_url' | 'ad_video_url' | 'ad_google_id'>) {
  switch (ad.ad_type) {
    case 0:
      return googleUnitValid(ad.ad_google_id);
    case 1:
      return ad.ad_pic_url !== '';
    case 2:
      return ad.ad_video_url !== '' || ad.ad_pic_url !== '';
    case 3:
      return true;
    default:
      return false;
  }
}

/** Whether a loaded image or video is landscape (wider than tall by more than 5 %). */
export function isLandscape(el: HTMLImageElement | HTMLVideoElement): boolean {
  const w = el instanceof HTMLVideoElement ? el.videoWidth : el.naturalWidth;
  const h = el instanceof HTMLVideoElement ? el.videoHeight : el.naturalHeight;
  return w > 0 && h > 0 && w > h * 1.05;
}

export function AdCreative({
  ad,
  fit = 'cover',
  onError,
  onLoad,
}: {
  ad: AdItem;
  fit?: 'cover' | 'contain';
  onError?: () => void;
  /** The image or video element once its size is known (image load, video metadata). */
  onLoad?: (el: HTMLImageElement | HTMLVideoElement) => void;
}) {
  const style = { objectFit: fit } as const;
  if (ad.ad_type === 3 || ad.ad_type === 0) return <ScriptAdFrame adId={ad.ad_id} title={ad.ad_name} />;
  if (ad.ad_type === 2 && ad.ad_video_url) {
    return (
      <video
        className={styles.creative}
        style={style}
        src={ad.ad_video_url}
        poster={ad.ad_pic_url || undefined}
        muted
        autoPlay
        loop
        playsInline
        onError={onError}
        onLoadedMetadata={onLoad ? (e) => onLoad(e.currentTarget) : undefined}
      />
    );
  }
  return (
    <img
      className={styles.creative}
      style={style}
      src={ad.ad_pic_url}
      alt={ad.ad_name}
      draggable={false}
      onError={onError}
      onLoad={onLoad ? (e) => onLoad(e.currentTarget) : undefined}
    />
  );
}
