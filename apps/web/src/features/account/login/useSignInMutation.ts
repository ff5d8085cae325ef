import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionPayload } from '../../../lib/accountApi';
import { toast } from '../../../ui/feedback';
import { useSignIn } from '../useSignIn';
import type { ValidationKey } from '../validation';

/** What a way of signing in gets from the login page, which shows the one error line and holds the agreement box. */
export interface LoginGate {
  /** Show a form check's failing message key in the error line (undefined clears it). */
  show: (failed: ValidationKey | undefined) => void;
  /** Check that the agreement is ticked (its message shows otherwise); true when the sign-in may go ahead. */
  pass: () => boolean;
  /** The invitation code a registration carries (settings), or undefined. */
  invitationCode: string | undefined;
  /** The device's guest IMEI the sign-in carries (guestCredentials). */
  imei: string;
}

/**
 * A sign-in write (password, phone code, registration, one-click): on success "login succeeded" and the session is
 * stored (useSignIn: the session change refreshes the user's queries, lib/sessionRefresh.ts, and the page is left);
 * a refusal becomes a toast with the server's message unless `handled(err)` took care of it.
 */
export function useSignInMutation<V>(
  mutationFn: (vars: V) => Promise<SessionPayload>,
  handled?: (err: unknown, vars: V) => boolean,
) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  return useMutation({
    mutationFn,
    onSuccess: (res) => {
      toast(t('account.loginSuccess'), 'success');
      signIn(res);
    },
    onError: (err, vars) => {
      if (handled?.(err, vars)) return;
      toast(err instanceof Error ? err.message : t('account.loginFailed'), 'fail');
    },
  });
}
