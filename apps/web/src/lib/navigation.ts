import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from './routes';

/**
 * Spec §2 navigation rule: back with only one page in history goes to the layout page, otherwise one step back.
 * React Router keeps the entry index in `history.state.idx`.
 */
export function useBack(fallback: string = paths.layout): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (globalThis.history?.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
