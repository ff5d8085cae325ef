import type { VodItem } from '@openvod/contract';
import { Link } from 'react-router';
import { detailPath } from '../../lib/routes';
import { Poster, PosterSkeleton } from '../../ui/Poster';
import styles from './VodCard.module.css';

/** The poster (ui/Poster), re-exported for this feature's pages. */
export { Poster };

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
            <PosterSkeleton />
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
