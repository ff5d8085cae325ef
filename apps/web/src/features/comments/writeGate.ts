/**
 * Spec §6 "a tourist must log in to comment": before any comment write (post, reply, like, report) a viewer with no
 * session, or on the device's automatic guest account, is sent to the login page and comes back here afterwards.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { useIsGuest } from '../account';

/** Returns a guard: true (and off to login) when the viewer must sign in first, false when the write may go on. */
export function useWriteGate(): () => boolean {
  const user = useSession((s) => s.user);
  const isGuest = useIsGuest();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    if (user && !isGuest) return false;
    navigate(loginPath(`${pathname}${search}`));
    return true;
  }, [user, isGuest, navigate, pathname, search]);
}
