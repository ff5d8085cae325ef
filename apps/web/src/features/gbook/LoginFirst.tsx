/**
 * What a member-only gbook screen (my requests, my feedback, the request form) shows a tourist or the device's guest
 * instead of asking the server (which would refuse it): the reason and a "Log in" button to the login page, which
 * comes back here after (memberGate.ts).
 */
import { useTranslation } from 'react-i18next';
import { EmptyView } from '../../ui/StateViews';
import styles from './gbook.module.css';
import { useMemberGate } from './memberGate';

export function LoginFirst() {
  const { t } = useTranslation();
  const gate = useMemberGate();
  return (
    <EmptyView
      title={t('gbook.loginFirst')}
      action={
        <button type="button" className={styles.primary} onClick={() => gate()} data-testid="gbook-login">
          {t('me.login')}
        </button>
      }
    />
  );
}
