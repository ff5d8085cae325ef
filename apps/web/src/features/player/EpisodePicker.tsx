import type { Source } from '@openvod/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './EpisodePicker.module.css';
import { type EpisodeRef, lineName } from './episodes';

interface EpisodePickerProps {
  sources: readonly Source[];
  current: EpisodeRef | null;
  onSelect: (ref: EpisodeRef) => void;
}

/** Line (source) tabs and the episode grid of the chosen line; the playing episode is highlighted. */
export function EpisodePicker({ sources, current, onSelect }: EpisodePickerProps) {
  const { t } = useTranslation();
  const [viewSid, setViewSid] = useState<number | undefined>(current?.sid ?? sources[0]?.sid);
  const tabList = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (current) setViewSid(current.sid);
  }, [current]);

  const shown = sources.find((s) => s.sid === viewSid) ?? sources[0];
  const shownSid = shown?.sid;

  // Keep the chosen line's tab in view when the lines overflow the strip.
  useEffect(() => {
    const list = tabList.current;
    if (!list || shownSid === undefined || list.scrollWidth <= list.clientWidth) return;
    const tab = list.querySelector<HTMLElement>(`[data-sid="${shownSid}"]`);
    if (tab) list.scrollLeft = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
  }, [shownSid]);

  if (!shown) return null;

  return (
    <section className={styles.picker} data-testid="episode-picker">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('player.episodes')}</h2>
        <span className={styles.count}>{t('player.episodeCount', { count: shown.episodes.length })}</span>
      </div>
      {sources.length > 0 && (
        // A plain tab strip: antd-mobile's Tabs measures the layout and animates with react-spring, which costs the
        // title page a chunk download and long tasks while the video is starting.
        <div className={styles.tabs} role="tablist" ref={tabList}>
          {sources.map((s) => {
            const selected = s.sid === shown.sid;
            return (
              <button
                key={s.sid}
                type="button"
                role="tab"
                className={styles.tab}
                aria-selected={selected}
                data-sid={s.sid}
                onClick={() => setViewSid(s.sid)}
              >
                <span className={styles.tabTitle} data-testid={`source-${s.sid}`}>
                  {lineName(s, t('player.lines'))}
                </span>
              </button>
            );
          })}
        </div>
      )}
      {shown.episodes.length === 0 ? (
        <p className={styles.empty}>{t('player.lineEmpty')}</p>
      ) : (
        <div className={styles.grid} data-long={shown.episodes.some((e) => e.name.length > 6) || undefined}>
          {shown.episodes.map((episode) => {
            const active = current?.sid === shown.sid && current.nid === episode.nid;
            return (
              <button
                key={episode.nid}
                type="button"
                className={styles.episode}
                data-active={active || undefined}
                aria-current={active ? 'true' : undefined}
                data-testid={`episode-${shown.sid}-${episode.nid}`}
                title={episode.name}
                onClick={() => {
                  if (!active) onSelect({ sid: shown.sid, nid: episode.nid });
                }}
              >
                {episode.name || String(episode.nid)}
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}
