/**
 * The danmaku layer of the player (issue 5 item 3): a canvas over the video (no pointer events) drawn by
 * {@link DanmakuEngine}, fed by barrageList (reloaded when a send succeeds) and the episode's live channel, following
 * the user's settings. Nothing is drawn while danmaku are off (the user's switch, or the operator's
 * `app_barrage_state`).
 *
 * Test hooks: the canvas carries `data-episode` (`vodId:nid`), `data-connected` (1 while the live channel is open), `data-count`, `data-onscreen`
 * (JSON of the texts on screen, refreshed every 250 ms) and `data-own` (those of them framed as the viewer's own), and fires a bubbling `danmakuenter` event
 * (`detail: {id, text}`) when a comment appears.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAppConfig } from '../../lib/appConfig';
import { danmakuApi, danmakuListKey } from './api';
import { onSent } from './bus';
import styles from './Danmaku.module.css';
import { DanmakuSheets } from './DanmakuControls';
import { type Comment, DanmakuEngine } from './engine';
import { useDanmakuSettings } from './settings';
import { openLiveChannel } from './socket';
import { unescapeHtml } from './text';

export interface DanmakuLayerProps {
  /** The player's `<video>` (the clock); nothing is drawn before it exists. */
  video: HTMLVideoElement | null;
  vodId: number;
  nid: number;
  /** Player box in CSS px. */
  width: number;
  height: number;
}

const toComment = (i: { barrage_id: number; barrage_time: number; barrage_text: string; barrage_color: string }) => ({
  id: i.barrage_id,
  time: i.barrage_time,
  text: unescapeHtml(i.barrage_text),
  color: i.barrage_color,
});

export function DanmakuLayer({ video, vodId, nid, width, height }: DanmakuLayerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const engineRef = useRef<DanmakuEngine | null>(null);
  const [engine, setEngine] = useState<DanmakuEngine | null>(null);
  const [connected, setConnected] = useState(false);
  const operatorOn = useAppConfig().app_barrage_state === 1;
  const { enabled, opacity, area, fontSize, speed, blocked } = useDanmakuSettings();
  const on = operatorOn && enabled;

  const list = useQuery({
    queryKey: danmakuListKey(vodId, nid),
    queryFn: ({ signal }) => danmakuApi.list(vodId, nid, signal),
    enabled: operatorOn,
    staleTime: 60_000,
  });

  // The engine lives as long as the video element.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !video) return;
    const e = new DanmakuEngine(canvas, video);
    e.onEnter = (c) =>
      canvas.dispatchEvent(new CustomEvent('danmakuenter', { bubbles: true, detail: { id: c.id, text: c.text } }));
    engineRef.current = e;
    setEngine(e);
    const hook = setInterval(() => {
      const shown = e.onScreen();
      const texts = shown.map((c) => c.text);
      canvas.dataset.count = String(texts.length);
      canvas.dataset.onscreen = JSON.stringify(texts.slice(0, 200));
      canvas.dataset.own = JSON.stringify(shown.filter((c) => c.own).map((c) => c.text));
    }, 250);
    return () => {
      clearInterval(hook);
      e.destroy();
      engineRef.current = null;
      setEngine(null);
    };
  }, [video]);

  useEffect(() => {
    if (engine && width > 0 && height > 0) engine.resize(width, height);
  }, [engine, width, height]);

  useEffect(() => {
    engine?.setOptions({ opacity, area, fontSize, speed, blocked });
  }, [engine, opacity, area, fontSize, speed, blocked]);

  useEffect(() => {
    if (!engine) return;
    if (on) engine.start();
    else {
      engine.stop();
      engine.clear();
    }
  }, [engine, on]);

  useEffect(() => {
    if (engine && list.data) engine.load(list.data.list.map(toComment));
  }, [engine, list.data]);

  // The live channel of the episode, and what this screen sends.
  useEffect(() => {
    if (!operatorOn) return;
    const channel = openLiveChannel(
      vodId,
      nid,
      (ev) => {
        const e = engineRef.current;
        if (!e || ev.vod_id !== vodId || ev.nid !== nid) return;
        if (ev.type === 'barrage') e.add(toComment(ev.item));
        else e.remove(ev.barrage_id);
      },
      setConnected,
    );
    const off = onSent((s) => {
      if (s.vodId === vodId && s.nid === nid) engineRef.current?.add({ ...toComment(s.item), own: true } as Comment);
    });
    return () => {
      off();
      channel.close();
    };
  }, [vodId, nid, operatorOn]);

  return (
    <>
      <DanmakuSheets video={video} vodId={vodId} nid={nid} />
      <canvas
        ref={canvasRef}
        className={styles.layer}
        data-testid="danmaku-layer"
        data-episode={`${vodId}:${nid}`}
        data-connected={connected ? '1' : '0'}
        data-enabled={on ? '1' : '0'}
        style={{ visibility: on ? 'visible' : 'hidden' }}
      />
    </>
  );
}
