import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../lib/accountApi';
import { confirm, toast } from '../../../ui/feedback';
import styles from '../LoginPage.module.css';
import { type PhoneCode, PhoneCodeForm } from '../PhoneCodeForm';
import { isNotRegistered } from './notRegistered';
import { type LoginGate, useSignInMutation } from './useSignInMutation';

type PhoneMode = 'login' | 'register';

/**
 * Spec §2 login by phone code, and registration by phone code (the "no account? register with the phone" switch):
 * the shared phone-and-code form. A number without an account, at sending or at signing in, is offered phone
 * registration instead of an error.
 */
export function PhoneCodeLogin({ gate }: { gate: LoginGate }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<PhoneMode>('login');

  async function offerPhoneRegister(): Promise<boolean> {
    const yes = await confirm({
      title: t('account.phoneNotRegisteredTitle'),
      content: t('account.phoneNotRegistered'),
      confirmText: t('account.registerWithPhone'),
      cancelText: t('common.cancel'),
    });
    if (yes) setMode('register');
    return yes;
  }

  const signIn = useSignInMutation(
    ({ mode: m, ...body }: PhoneCode & { mode: PhoneMode }) =>
      m === 'login'
        ? // codeLogin: the spec §7 code login, encrypted while the operator has encryption on.
          accountApi.codeLogin({ ...body, imei: gate.imei })
        : accountApi.phoneRegister({ ...body, imei: gate.imei, invitation_code: gate.invitationCode }),
    (err, vars) => {
      if (vars.mode !== 'login' || !isNotRegistered(err)) return false;
      void offerPhoneRegister();
      return true;
    },
  );

  /** Send a code for the current mode; for an unknown number, offer phone registration instead. */
  async function sendCode(phone: string): Promise<number | undefined> {
    const body = { phone };
    try {
      const res = mode === 'login' ? await accountApi.phoneLoginCode(body) : await accountApi.phoneRegisterCode(body);
      toast(res.msg && res.msg !== 'ok' ? res.msg : t('account.codeSent'), 'success');
      return res.resend_after;
    } catch (err) {
      if (mode === 'login' && isNotRegistered(err)) {
        if (await offerPhoneRegister()) {
          try {
            const res = await accountApi.phoneRegisterCode(body);
            toast(t('account.codeSent'), 'success');
            return res.resend_after;
          } catch (err2) {
            toast(err2 instanceof Error ? err2.message : t('common.loadingFailed'), 'fail');
          }
        }
        return undefined;
      }
      toast(err instanceof Error ? err.message : t('common.loadingFailed'), 'fail');
      return undefined;
    }
  }

  return (
    <PhoneCodeForm
      testIdPrefix="login"
      submitTestId="login-submit-phone"
      submitLabel={
        signIn.isPending ? t('common.loading') : mode === 'login' ? t('account.login') : t('account.registerAndLogin')
      }
      busy={signIn.isPending}
      phonePlaceholder={t('account.phonePlaceholder')}
      onSendCode={sendCode}
      onCheck={gate.show}
      onSubmit={(values) => {
        if (gate.pass() && !signIn.isPending) signIn.mutate({ ...values, mode });
      }}
    >
      <button
        type="button"
        className={styles.switch}
        onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
        data-testid="phone-mode"
      >
        {mode === 'login' ? t('account.noAccountRegisterPhone') : t('account.haveAccountLogin')}
      </button>
    </PhoneCodeForm>
  );
}
