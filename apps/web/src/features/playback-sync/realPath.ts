/**
 * getJsonRealPath on the client (spec §7; server: modules/playback/realpath.ts): an episode address that is not
 * directly playable (not .m3u8/.mp4) is resolved by the server through its player's parse API before it is played.
 */
import { useEffect, useState } from 'react';
import { ApiError, call } from '../../lib/client';

/** True when `url` must be resolved first: its path (query and fragment ignored) ends in neither .m3u8 nor .mp4. */
export function needsRealPath(url: string): boolean {
  const path = (url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return url.trim() !== '' && !path.endsWith('.m3u8') && !path.endsWith('.mp4');
}

/** The playable address of `url` of source `from`. Throws {@link ApiError} (translated message) on failure. */
export async function resolveRealPath(from: string, url: string, signal?: AbortSignal): Promise<string> {
  const res = await call('getJsonRealPath', { query: { from, url }, signal });
  return res.url;
}

export interface RealPathState {
  /** The address to play: `url` itself when playable, the resolved one when ready, '' while pending or failed. */
  src: string;
  error: string | null;
  pending: boolean;
}

/** {@link resolveRealPath} as a hook: re-resolves when the source or address changes; cancelled when left. */
export function useRealPath(from: string | undefined, url: string): RealPathState {
  const direct = !needsRealPath(url);
  const [state, setState] = useState<{ key: string; src: string; error: string | null }>({
    key: '',
    src: '',
    error: null,
  });
  const key = `${from ?? ''}\n${url}`;
  useEffect(() => {
    if (direct || !from) return;
    const controller = new AbortController();
    resolveRealPath(from, url, controller.signal).then(
      (src) => setState({ key, src, error: null }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, src: '', error: err instanceof ApiError ? err.message : String(err) });
      },
    );
    return () => controller.abort();
  }, [direct, from, url, key]);
  if (direct) return { src: url, error: null, pending: false };
  if (!from) return { src: '', error: null, pending: false };
  if (state.key !== key) return { src: '', error: null, pending: true };
  return { src: state.src, error: state.error, pending: false };
}
