/**
 * Spec §6 "a tourist must log in" for the social writes (follow, like, share): a viewer with no session, or on the
 * device's automatic guest account (spec §4 Auto login), is asked to sign in and comes back to this page after.
 */
import { guestCredentials } from '@openvod/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '../../lib/routes';
import { isGuestUser, useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';
import { confirm } from '../../ui/feedback';

/** A guard for a write button: true (and the sign-in question asked) when the viewer must sign in first. */
export function useMemberGate(): () => boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession((s) => s.user);
  return useCallback(() => {
    if (user && !isGuestUser(user, guestCredentials(getDeviceId()).user_name)) return false;
    void confirm({
      content: t('social.loginFirst'),
      confirmText: t('social.goLogin'),
      cancelText: t('common.cancel'),
    }).then((go) => {
      if (go) navigate(loginPath(`${location.pathname}${location.search}`));
    });
    return true;
  }, [user, t, navigate, location.pathname, location.search]);
}
