import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SessionPayload } from '../../lib/accountApi';
import { historyIndex } from '../../lib/navigation';
import { paths, safeRedirect } from '../../lib/routes';
import { useSession } from '../../lib/session';

/** Store a sign-in and leave the login page: to `?redirect=`, else back, else me/index. */
export function useSignIn(): (res: SessionPayload) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((s) => s.signIn);
  return useCallback(
    (res: SessionPayload) => {
      signIn(res.token, res.info);
      const redirect = params.get('redirect');
      if (redirect) navigate(safeRedirect(redirect), { replace: true });
      else if (historyIndex() > 0) navigate(-1);
      else navigate(paths.me, { replace: true });
    },
    [navigate, params, signIn],
  );
}
