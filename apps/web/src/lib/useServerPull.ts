import { useEffect, useState } from 'react';

/**
 * Run `pull(userId, signal)` when a page opens (and when the user changes) for a signed-in user: the page shows the
 * local copy at once and the server's list when it arrives. Answers whether the read is still running and its
 * error (a user-facing message), if any; the read is cancelled when the page is left.
 */
export function useServerPull(
  userId: number,
  pull: (userId: number, signal: AbortSignal) => Promise<unknown>,
): { pending: boolean; error: string | undefined; retry: () => void } {
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: userId > 0 });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` re-runs the read on retry.
  useEffect(() => {
    if (userId <= 0) {
      setState({ pending: false });
      return;
    }
    const ctrl = new AbortController();
    setState({ pending: true });
    pull(userId, ctrl.signal).then(
      () => setState({ pending: false }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setState({ pending: false, error: err instanceof Error && err.message ? err.message : 'error' });
      },
    );
    return () => ctrl.abort();
  }, [userId, pull, round]);
  return { pending: state.pending, error: state.error, retry: () => setRound((n) => n + 1) };
}
