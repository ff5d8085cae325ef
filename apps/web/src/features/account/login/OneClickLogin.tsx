import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../lib/accountApi';
import { PhoneIcon } from '../../../ui/icons';
import styles from '../LoginPage.module.css';
import { type LoginGate, useSignInMutation } from './useSignInMutation';

/**
 * Spec §2 one-click sign-in with the device's local number: `tokenSource` asks the carrier for a token (oneClick.ts),
 * the server signs in (or registers) its number. Offered only when the app config enables it.
 */
export function OneClickLogin({ gate, tokenSource }: { gate: LoginGate; tokenSource: () => Promise<string> }) {
  const { t } = useTranslation();
  const signIn = useSignInMutation(async () =>
    accountApi.oneClickLogin({ token: await tokenSource(), imei: gate.imei, invitation_code: gate.invitationCode }),
  );
  return (
    <button
      type="button"
      className={styles.oneClick}
      data-testid="login-one-click"
      onClick={() => {
        if (gate.pass() && !signIn.isPending) signIn.mutate(undefined);
      }}
    >
      <PhoneIcon /> {t('account.oneClick')}
    </button>
  );
}
