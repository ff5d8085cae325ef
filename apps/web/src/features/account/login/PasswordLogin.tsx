import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../lib/accountApi';
import { LockIcon } from '../../../ui/icons';
import { checkRule, firstError, PlainForm } from '../../../ui/PlainForm';
import { Field } from '../Field';
import styles from '../LoginPage.module.css';
import { checkPasswordPresent, type ValidationKey } from '../validation';
import { UserNameField } from './UserNameField';
import { type LoginGate, useSignInMutation } from './useSignInMutation';

interface Values {
  user_name: string;
  user_pwd: string;
}

/** Spec §2 login by account and password (spec §5: the account's format, a password that is not empty). */
export function PasswordLogin({ gate }: { gate: LoginGate }) {
  const { t } = useTranslation();
  const signIn = useSignInMutation((v: Values) => accountApi.login({ ...v, imei: gate.imei }));
  return (
    <PlainForm
      className={styles.form}
      initialValues={{ user_name: '', user_pwd: '' }}
      onFinishFailed={(info) => gate.show(firstError(info) as ValidationKey)}
      onFinish={(v: Values) => {
        if (gate.pass() && !signIn.isPending) signIn.mutate({ user_name: v.user_name.trim(), user_pwd: v.user_pwd });
      }}
    >
      <UserNameField testId="login-username" />
      <Field
        icon={<LockIcon />}
        name="user_pwd"
        rules={[checkRule(checkPasswordPresent)]}
        input={{
          type: 'password',
          autoComplete: 'current-password',
          maxLength: 64,
          placeholder: t('account.passwordPlaceholder'),
          'aria-label': t('account.password'),
          'data-testid': 'login-password',
        }}
      />
      <button type="submit" className={styles.submit} disabled={signIn.isPending} data-testid="login-submit-password">
        {signIn.isPending ? t('common.loading') : t('account.login')}
      </button>
    </PlainForm>
  );
}
