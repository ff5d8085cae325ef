/**
 * The Media Session API (lock screen, notification shade, headset and keyboard media keys): the title and poster of
 * what plays, and the actions play, pause, seek back/forward 10 s, seek to a position and next episode. Where the
 * browser has no `navigator.mediaSession` nothing happens.
 */
import { useEffect, useRef } from 'react';

/** Seconds the system's seek back/forward buttons move when they give no offset. */
export const MEDIA_SESSION_SEEK_S = 10;

export interface MediaSessionInput {
  title: string;
  /** The title's poster (absolute or page-relative URL); none: no artwork. */
  poster?: string;
  /** The app's name, shown as the artist line. */
  album?: string;
  video: HTMLVideoElement;
  /** The next episode (the 'next track' button; unset hides it). */
  onNext?: () => void;
}

type Action = 'play' | 'pause' | 'seekbackward' | 'seekforward' | 'seekto' | 'nexttrack';

function setHandler(session: MediaSession, action: Action, handler: MediaSessionActionHandler | null) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // An action this browser does not know.
  }
}

/**
 * Describe `input` to the system and take its media actions; returns the cleanup (clears the metadata and the
 * handlers), for an effect.
 */
export function bindMediaSession(input: MediaSessionInput): () => void {
  const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
  if (!session) return () => undefined;
  const { video } = input;
  if (typeof MediaMetadata === 'function') {
    const artwork = input.poster ? [{ src: new URL(input.poster, document.baseURI).href }] : [];
    session.metadata = new MediaMetadata({ title: input.title, album: input.album ?? '', artwork });
  }
  const seek = (to: number) => {
    const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
    video.currentTime = Math.min(end, Math.max(0, to));
  };
  setHandler(session, 'play', () => {
    void video.play().catch(() => undefined);
  });
  setHandler(session, 'pause', () => video.pause());
  setHandler(session, 'seekbackward', (d) => seek(video.currentTime - (d.seekOffset ?? MEDIA_SESSION_SEEK_S)));
  setHandler(session, 'seekforward', (d) => seek(video.currentTime + (d.seekOffset ?? MEDIA_SESSION_SEEK_S)));
  setHandler(session, 'seekto', (d) => {
    if (typeof d.seekTime === 'number') seek(d.seekTime);
  });
  const onNext = input.onNext;
  setHandler(session, 'nexttrack', onNext ? () => onNext() : null);
  return () => {
    for (const action of ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'nexttrack'] as const) {
      setHandler(session, action, null);
    }
    session.metadata = null;
  };
}

/**
 * {@link bindMediaSession} for a mounted player: rebinds when the element, title, poster or whether there is a next
 * episode change; `onNext` itself may change on every render (the latest one runs).
 */
export function useMediaSession(video: HTMLVideoElement | null, title: string, poster?: string, onNext?: () => void) {
  const next = useRef(onNext);
  next.current = onNext;
  const hasNext = Boolean(onNext);
  useEffect(() => {
    if (!video) return;
    return bindMediaSession({ video, title, poster, onNext: hasNext ? () => next.current?.() : undefined });
  }, [video, title, poster, hasNext]);
}
