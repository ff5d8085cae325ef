import type { VodItem } from '@openvod/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailPath } from '../../lib/routes';
import { FilmIcon } from '../../ui/icons';
import { picUrl } from './picUrl';
import styles from './VodCard.module.css';

/**
 * A lazily loaded poster (`loading="lazy"`): a shimmer until the image arrives, a film icon when the title has no
 * picture or it fails to load.
 */
export function Poster({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const url = picUrl(src);
  const [state, setState] = useState<{ url: string; status: 'loading' | 'loaded' | 'failed' }>({
    url,
    status: 'loading',
  });
  const status = state.url === url ? state.status : 'loading';
  if (state.url !== url) setState({ url, status: 'loading' });
  const missing = !url || status === 'failed';
  return (
    <div className={`${styles.posterBox} ${className ?? ''}`} data-poster={missing ? 'fallback' : status}>
      {!missing && (
        <img
          src={url}
          alt={alt}
          loading="lazy"
          decoding="async"
          data-loaded={status === 'loaded' || undefined}
          onLoad={() => setState({ url, status: 'loaded' })}
          onError={() => setState({ url, status: 'failed' })}
        />
      )}
      {missing ? (
        <span className={styles.posterFallback} aria-hidden="true">
          <FilmIcon size={28} />
        </span>
      ) : (
        status === 'loading' && <span className={styles.shimmer} aria-hidden="true" />
      )}
    </div>
  );
}

export type VodCardItem = Pick<VodItem, 'vod_id' | 'vod_name' | 'vod_pic' | 'vod_remarks'> &
  Partial<Pick<VodItem, 'vod_score' | 'vod_actor' | 'vod_blurb'>>;

/** Poster card: picture, remarks badge, name. Links to the title page. */
export function VodCard({ vod }: { vod: VodCardItem }) {
  const score = Number.parseFloat(vod.vod_score ?? '');
  return (
    <Link to={detailPath(vod.vod_id)} className={styles.card} data-testid={`vod-card-${vod.vod_id}`}>
      <div className={styles.posterWrap}>
        <Poster src={vod.vod_pic} alt={vod.vod_name} />
        {score > 0 && <span className={styles.score}>{score.toFixed(1)}</span>}
        {vod.vod_remarks && <span className={styles.remarks}>{vod.vod_remarks}</span>}
      </div>
      <div className={styles.name} title={vod.vod_name}>
        {vod.vod_name}
      </div>
      {vod.vod_actor ? <div className={styles.sub}>{vod.vod_actor}</div> : null}
    </Link>
  );
}

/** Grey cards standing in for titles that are loading. */
export function VodGridSkeleton({ count = 9 }: { count?: number }) {
  return (
    <div className={styles.grid} data-testid="vod-skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={styles.card}>
          <div className={styles.posterWrap}>
            <div className={styles.posterBox}>
              <span className={styles.shimmer} />
            </div>
          </div>
          <div className={styles.skeletonLine} />
        </div>
      ))}
    </div>
  );
}

export function VodGrid({ list }: { list: readonly VodCardItem[] }) {
  return (
    <div className={styles.grid}>
      {list.map((vod) => (
        <VodCard key={vod.vod_id} vod={vod} />
      ))}
    </div>
  );
}

/** One horizontally scrolling row of cards. */
export function VodRow({ list }: { list: readonly VodCardItem[] }) {
  return (
    <div className={styles.row}>
      {list.map((vod) => (
        <div className={styles.rowItem} key={vod.vod_id}>
          <VodCard vod={vod} />
        </div>
      ))}
    </div>
  );
}
