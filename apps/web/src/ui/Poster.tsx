import { useState } from 'react';
import { picUrl } from '../lib/picUrl';
import { FilmIcon } from './icons';
import styles from './Poster.module.css';

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
    <div className={`${styles.box} ${className ?? ''}`} data-poster={missing ? 'fallback' : status}>
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
        <span className={styles.fallback} aria-hidden="true">
          <FilmIcon size={28} />
        </span>
      ) : (
        status === 'loading' && <span className={styles.shimmer} aria-hidden="true" />
      )}
    </div>
  );
}

/** The grey, shimmering poster box of a title still loading (skeletons). */
export function PosterSkeleton() {
  return (
    <div className={styles.box}>
      <span className={styles.shimmer} />
    </div>
  );
}
