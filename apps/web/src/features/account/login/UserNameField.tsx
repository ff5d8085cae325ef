import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../../ui/icons';
import { checkRule } from '../../../ui/PlainForm';
import { Field } from '../Field';
import { checkAccount } from '../validation';

/** The account name row of the password sign-in and registration forms (spec §5: the account's format). */
export function UserNameField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Field
      icon={<UserIcon />}
      name="user_name"
      rules={[checkRule(checkAccount)]}
      input={{
        type: 'text',
        autoComplete: 'username',
        autoCapitalize: 'none',
        maxLength: 32,
        placeholder: t('account.userNamePlaceholder'),
        'aria-label': t('account.userName'),
        'data-testid': testId,
      }}
    />
  );
}
