import { guestCredentials } from '@openvod/contract';
import { Tabs } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/appConfig';
import { useSettings } from '../../lib/settings';
import { getDeviceId } from '../../lib/storage';
import { DocumentPopup } from '../../ui/DocumentPopup';
import { PageHeader } from '../../ui/PageHeader';
import styles from './LoginPage.module.css';
import { OauthLogin } from './login/OauthLogin';
import { OneClickLogin } from './login/OneClickLogin';
import { PasswordLogin } from './login/PasswordLogin';
import { PasswordRegister } from './login/PasswordRegister';
import { PhoneCodeLogin } from './login/PhoneCodeLogin';
import type { LoginGate } from './login/useSignInMutation';
import { oneClickTokenSource } from './oneClick';
import { checkAgreement, type ValidationKey } from './validation';

export { isNotRegistered, NOT_FOUND_CODE } from './login/notRegistered';

type TabKey = 'phone' | 'password' | 'register';

/**
 * Spec §2 login: phone code (and phone registration), password, register, one-click local number, third-party; one
 * component per way (./login/), the agreement checkbox and the one error line here. A way goes ahead only with the
 * agreement ticked (LoginGate).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const invitationCode = useSettings((s) => s.invitationCode);
  const imei = useMemo(() => guestCredentials(getDeviceId()).imei, []);

  const [tab, setTab] = useState<TabKey>(config.sms_enabled ? 'phone' : 'password');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<ValidationKey | undefined>();
  const [doc, setDoc] = useState<'agreement' | 'privacy' | null>(null);

  const oneClick = config.one_click_enabled ? oneClickTokenSource() : undefined;

  useEffect(() => {
    if (!config.sms_enabled && tab === 'phone') setTab('password');
  }, [config.sms_enabled, tab]);

  const gate: LoginGate = {
    show: setError,
    pass: () => {
      const failed = checkAgreement(agreed);
      setError(failed);
      return !failed;
    },
    invitationCode: invitationCode || undefined,
    imei,
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.login')} />
      <div className={styles.brand}>
        <strong>{config.app_short_name || t('app.name')}</strong>
        <span>{t('account.loginSubtitle')}</span>
      </div>

      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as TabKey);
          setError(undefined);
        }}
        className={styles.tabs}
      >
        {config.sms_enabled && (
          <Tabs.Tab key="phone" title={<span data-testid="login-tab-phone">{t('account.tabPhone')}</span>}>
            <PhoneCodeLogin gate={gate} />
          </Tabs.Tab>
        )}
        <Tabs.Tab key="password" title={<span data-testid="login-tab-password">{t('account.tabPassword')}</span>}>
          <PasswordLogin gate={gate} />
        </Tabs.Tab>
        <Tabs.Tab key="register" title={<span data-testid="login-tab-register">{t('account.tabRegister')}</span>}>
          <PasswordRegister gate={gate} />
        </Tabs.Tab>
      </Tabs>

      {error && (
        <p className={styles.error} role="alert" data-testid="form-error">
          {t(error)}
        </p>
      )}

      <label className={styles.agree}>
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked && error === 'validation.agreement') setError(undefined);
          }}
          data-testid="login-agree"
        />
        <span>
          {t('account.agreePrefix')}
          <button type="button" className={styles.docLink} onClick={() => setDoc('agreement')}>
            {t('account.userAgreementLink')}
          </button>
          {t('account.and')}
          <button type="button" className={styles.docLink} onClick={() => setDoc('privacy')}>
            {t('account.privacyPolicyLink')}
          </button>
        </span>
      </label>

      {(oneClick || config.oauth_providers.length > 0) && (
        <div className={styles.others}>
          <p className={styles.othersTitle}>{t('account.otherWays')}</p>
          {oneClick && <OneClickLogin gate={gate} tokenSource={oneClick} />}
          <OauthLogin gate={gate} providers={config.oauth_providers} />
        </div>
      )}

      <DocumentPopup
        visible={doc !== null}
        title={doc === 'privacy' ? t('account.privacyPolicy') : t('account.userAgreement')}
        text={doc === 'privacy' ? config.app_privacy_policy : config.app_user_agreement}
        onClose={() => setDoc(null)}
      />
    </div>
  );
}
