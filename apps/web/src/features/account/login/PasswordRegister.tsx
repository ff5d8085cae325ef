import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../lib/accountApi';
import { LockIcon } from '../../../ui/icons';
import { checkRule, firstError, PlainForm } from '../../../ui/PlainForm';
import { Field } from '../Field';
import styles from '../LoginPage.module.css';
import { checkNewPassword, checkPasswordRepeat, type ValidationKey } from '../validation';
import { UserNameField } from './UserNameField';
import { type LoginGate, useSignInMutation } from './useSignInMutation';

interface Values {
  user_name: string;
  user_pwd: string;
  user_pwd2: string;
}

/**
 * Spec §2 registration with an account and a password (spec §5: the account's format, a password mixing letters and
 * digits, the same password twice); a registration signs in.
 */
export function PasswordRegister({ gate }: { gate: LoginGate }) {
  const { t } = useTranslation();
  const signIn = useSignInMutation((v: Values) =>
    accountApi.reg({ ...v, imei: gate.imei, invitation_code: gate.invitationCode }),
  );
  return (
    <PlainForm
      className={styles.form}
      initialValues={{ user_name: '', user_pwd: '', user_pwd2: '' }}
      onFinishFailed={(info) => gate.show(firstError(info) as ValidationKey)}
      onFinish={(v: Values) => {
        if (gate.pass() && !signIn.isPending) signIn.mutate({ ...v, user_name: v.user_name.trim() });
      }}
    >
      <UserNameField testId="reg-username" />
      <Field
        icon={<LockIcon />}
        name="user_pwd"
        rules={[checkRule(checkNewPassword)]}
        input={{
          type: 'password',
          autoComplete: 'new-password',
          maxLength: 64,
          placeholder: t('account.passwordPlaceholder'),
          'aria-label': t('account.password'),
          'data-testid': 'reg-password',
        }}
      />
      <Field
        icon={<LockIcon />}
        name="user_pwd2"
        rules={[
          ({ getFieldValue }) =>
            checkRule((repeat: string) => checkPasswordRepeat(getFieldValue('user_pwd') ?? '', repeat)),
        ]}
        input={{
          type: 'password',
          autoComplete: 'new-password',
          maxLength: 64,
          placeholder: t('account.password2Placeholder'),
          'aria-label': t('account.password2'),
          'data-testid': 'reg-password2',
        }}
      />
      <ul className={styles.rules}>
        <li>{t('account.userNameRule')}</li>
        <li>{t('account.passwordRule')}</li>
      </ul>
      <button type="submit" className={styles.submit} disabled={signIn.isPending} data-testid="reg-submit">
        {signIn.isPending ? t('common.loading') : t('account.register')}
      </button>
    </PlainForm>
  );
}
