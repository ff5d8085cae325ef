import type { VodItem } from '@openvod/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailPath } from '../../lib/routes';
import { FilmIcon } from '../../ui/icons';
import { picUrl } from './picUrl';
import styles from './VodCard.module.css';

export function Poster({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const url = picUrl(src);
  const [failed, setFailed] = useState(false);
  return (
    <div className={`${styles.posterBox} ${className ?? ''}`}>
      {url && !failed ? (
        <img src={url} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className={styles.posterFallback} aria-hidden="true">
          <FilmIcon size={28} />
        </span>
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
