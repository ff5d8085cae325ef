import type { Source } from '@openvod/contract';
import { Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './EpisodePicker.module.css';
import type { EpisodeRef } from './episodes';

interface EpisodePickerProps {
  sources: readonly Source[];
  current: EpisodeRef | null;
  onSelect: (ref: EpisodeRef) => void;
}

/** Line (source) tabs and the episode grid of the chosen line; the playing episode is highlighted. */
export function EpisodePicker({ sources, current, onSelect }: EpisodePickerProps) {
  const { t } = useTranslation();
  const [viewSid, setViewSid] = useState<number | undefined>(current?.sid ?? sources[0]?.sid);

  useEffect(() => {
    if (current) setViewSid(current.sid);
  }, [current]);

  const shown = sources.find((s) => s.sid === viewSid) ?? sources[0];
  if (!shown) return null;

  return (
    <section className={styles.picker} data-testid="episode-picker">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('player.episodes')}</h2>
        <span className={styles.count}>{t('player.episodeCount', { count: shown.episodes.length })}</span>
      </div>
      {sources.length > 0 && (
        <div className={styles.tabs}>
          <Tabs activeKey={String(shown.sid)} onChange={(key) => setViewSid(Number(key))} stretch={false}>
            {sources.map((s) => (
              <Tabs.Tab
                key={String(s.sid)}
                title={<span data-testid={`source-${s.sid}`}>{s.from || `${t('player.lines')} ${s.sid}`}</span>}
              />
            ))}
          </Tabs>
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
