/**
 * Spec §6 "a tourist must log in" for requests and feedback: a write by a viewer who is not signed in, or is the
 * device's automatic guest account, goes to the login page first (and comes back here after).
 */
import { guestCredentials } from '@openvod/contract';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '../../lib/routes';
import { isGuestUser, useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';

/** Whether the viewer may write (a signed-in member, not the device's guest). */
export function useIsMember(): boolean {
  const user = useSession((s) => s.user);
  const guestName = useMemo(() => guestCredentials(getDeviceId()).user_name, []);
  return Boolean(user) && !isGuestUser(user, guestName);
}

/** A guard for a write button: returns true (and goes to the login page) when the viewer must sign in first. */
export function useMemberGate(): () => boolean {
  const member = useIsMember();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    if (member) return false;
    navigate(loginPath(`${pathname}${search}`), { state: { returnsBack: true } });
    return true;
  }, [member, navigate, pathname, search]);
}
