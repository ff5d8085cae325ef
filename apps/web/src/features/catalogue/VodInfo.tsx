import type { VodDetail } from '@openvod/contract';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sortPath } from '../../lib/routes';
import { htmlToText, joinList } from './text';
import styles from './VodInfo.module.css';

/** Title heading and facts (name, remarks, score, year, area, genre, director, cast, views). */
export function VodInfo({ vod }: { vod: VodDetail }) {
  const { t, i18n } = useTranslation();
  const score = Number.parseFloat(vod.vod_score);
  const meta = [vod.vod_year, vod.vod_area, joinList(vod.vod_class, 3), vod.vod_lang].filter(Boolean);
  const hits = new Intl.NumberFormat(i18n.language).format(vod.vod_hits);

  return (
    <section className={styles.info} data-testid="vod-info">
      <div className={styles.titleRow}>
        <h1 className={styles.name}>{vod.vod_name}</h1>
        {score > 0 && (
          <span className={styles.score}>
            <span className="ov-visually-hidden">{t('vod.score')} </span>
            {score.toFixed(1)}
          </span>
        )}
      </div>
      {vod.vod_sub && <p className={styles.sub}>{vod.vod_sub}</p>}
      <p className={styles.meta}>
        {vod.type_name && (
          <Link to={sortPath(vod.type_id)} className={styles.type}>
            {vod.type_name}
          </Link>
        )}
        {meta.map((m) => (
          <span key={m}>{m}</span>
        ))}
        {vod.vod_remarks && <span className={styles.remarks}>{vod.vod_remarks}</span>}
      </p>
      <dl className={styles.facts}>
        {vod.vod_director && (
          <div>
            <dt>{t('vod.director')}</dt>
            <dd>{joinList(vod.vod_director)}</dd>
          </div>
        )}
        {vod.vod_actor && (
          <div>
            <dt>{t('vod.actor')}</dt>
            <dd>{joinList(vod.vod_actor)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.hits}>{t('vod.hits', { count: vod.vod_hits, hits })}</p>
    </section>
  );
}

/** Synopsis: vod_content as plain text (never HTML), collapsed to a few lines. */
export function VodSynopsis({ vod }: { vod: VodDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  const text = useMemo(
    () => htmlToText(vod.vod_content) || htmlToText(vod.vod_blurb),
    [vod.vod_content, vod.vod_blurb],
  );

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open || !text) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [text, open]);

  if (!text) return null;
  return (
    <section className={styles.synopsis} data-testid="vod-synopsis">
      <h2 className={styles.heading}>{t('vod.intro')}</h2>
      <p ref={ref} className={styles.text} data-open={open || undefined}>
        {text}
      </p>
      {(overflows || open) && (
        <button type="button" className={styles.toggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('vod.collapse') : t('vod.expand')}
        </button>
      )}
    </section>
  );
}
