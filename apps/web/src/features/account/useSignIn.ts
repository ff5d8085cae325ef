import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SessionPayload } from '../../lib/accountApi';
import { historyIndex } from '../../lib/navigation';
import { paths, safeRedirect } from '../../lib/routes';
import { useSession } from '../../lib/session';

/**
 * Store a sign-in and leave the login page: to `?redirect=` (back in the history when the page that asked opened
 * this one with the navigation state `returnsBack`, bindGate.tsx, so no second copy of it is left behind), else
 * back, else me/index.
 */
export function useSignIn(): (res: SessionPayload) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnsBack = (useLocation().state as { returnsBack?: boolean } | null)?.returnsBack === true;
  const signIn = useSession((s) => s.signIn);
  return useCallback(
    (res: SessionPayload) => {
      signIn(res.token, res.info);
      const redirect = params.get('redirect');
      if (redirect && returnsBack) navigate(-1);
      else if (redirect) navigate(safeRedirect(redirect), { replace: true });
      else if (historyIndex() > 0) navigate(-1);
      else navigate(paths.me, { replace: true });
    },
    [navigate, params, returnsBack, signIn],
  );
}
