import { guestCredentials } from '@openvod/contract';
import { Tabs } from 'antd-mobile';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accountApi, type SessionPayload } from '../../lib/accountApi';
import { ApiError } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { safeRedirect } from '../../lib/routes';
import { useSettings } from '../../lib/settings';
import { getDeviceId } from '../../lib/storage';
import { DocumentPopup } from '../../ui/DocumentPopup';
import { confirm, toast } from '../../ui/feedback';
import { LockIcon, PhoneIcon, UserIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { CodeButton } from './CodeButton';
import styles from './LoginPage.module.css';
import { oneClickTokenSource } from './oneClick';
import { useSignIn } from './useSignIn';
import {
  checkAgreement,
  checkLogin,
  checkPhone,
  checkPhoneCode,
  checkRegister,
  type ValidationKey,
} from './validation';

type TabKey = 'phone' | 'password' | 'register';

/** Contract `ErrorCode.notFound` (not imported: the contract module that holds it ships zod). */
export const NOT_FOUND_CODE = 1004;

/** The server's answer "this phone has no account": 400 with the not-found code (a 404 is a wrong address). */
export function isNotRegistered(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.code === NOT_FOUND_CODE;
}

function Field({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <span className={styles.fieldIcon}>{icon}</span>
      {children}
    </div>
  );
}

/** Spec §2 login: phone code, password, register, one-click local number, third-party; agreement checkbox first. */
export default function LoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  const invitationCode = useSettings((s) => s.invitationCode);
  const imei = useMemo(() => guestCredentials(getDeviceId()).imei, []);

  const [tab, setTab] = useState<TabKey>(config.sms_enabled ? 'phone' : 'password');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<ValidationKey | undefined>();
  const [busy, setBusy] = useState(false);
  const [doc, setDoc] = useState<'agreement' | 'privacy' | null>(null);

  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneMode, setPhoneMode] = useState<'login' | 'register'>('login');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [regName, setRegName] = useState('');
  const [regPwd, setRegPwd] = useState('');
  const [regPwd2, setRegPwd2] = useState('');

  const oneClick = config.one_click_enabled ? oneClickTokenSource() : undefined;

  useEffect(() => {
    if (!config.sms_enabled && tab === 'phone') setTab('password');
  }, [config.sms_enabled, tab]);

  /** Run a sign-in call after the checks; server refusals become toasts. */
  async function submit(checks: (ValidationKey | undefined)[], run: () => Promise<SessionPayload>) {
    const failed = [...checks, checkAgreement(agreed)].find(Boolean);
    setError(failed);
    if (failed || busy) return;
    setBusy(true);
    try {
      const res = await run();
      toast(t('account.loginSuccess'), 'success');
      signIn(res);
    } catch (err) {
      if (phoneMode === 'login' && tab === 'phone' && isNotRegistered(err)) void offerPhoneRegister();
      else toast(err instanceof Error ? err.message : t('account.loginFailed'), 'fail');
    } finally {
      setBusy(false);
    }
  }

  async function offerPhoneRegister(): Promise<boolean> {
    const yes = await confirm({
      title: t('account.phoneNotRegisteredTitle'),
      content: t('account.phoneNotRegistered'),
      confirmText: t('account.registerWithPhone'),
      cancelText: t('common.cancel'),
    });
    if (yes) setPhoneMode('register');
    return yes;
  }

  /** Send a code for the current phone mode; for an unknown number, offer phone registration instead. */
  async function sendCode(): Promise<number | undefined> {
    const failed = checkPhone(phone);
    setError(failed);
    if (failed) return undefined;
    const body = { phone: phone.trim() };
    try {
      const res =
        phoneMode === 'login' ? await accountApi.phoneLoginCode(body) : await accountApi.phoneRegisterCode(body);
      toast(res.msg && res.msg !== 'ok' ? res.msg : t('account.codeSent'), 'success');
      return res.resend_after;
    } catch (err) {
      if (phoneMode === 'login' && isNotRegistered(err)) {
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

  async function startOauth(provider: string) {
    const failed = checkAgreement(agreed);
    setError(failed);
    if (failed) return;
    try {
      // The provider sends the viewer back to the app's start page; the launch flow finishes the sign-in (app/Launch).
      const res = await accountApi.oauth({ provider, redirect: `#${safeRedirect(params.get('redirect'))}` });
      window.location.assign(res.url);
    } catch (err) {
      toast(err instanceof Error ? err.message : t('account.authFailed'), 'fail');
    }
  }

  const submitLabel = busy ? t('common.loading') : undefined;

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
            <form
              className={styles.form}
              noValidate
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                const body = { phone: phone.trim(), code: code.trim(), imei };
                void submit([checkPhoneCode(phone, code)], () =>
                  phoneMode === 'login'
                    ? // codeLogin: the spec §7 code login, encrypted while the operator has encryption on.
                      accountApi.codeLogin(body)
                    : accountApi.phoneRegister({ ...body, invitation_code: invitationCode || undefined }),
                );
              }}
            >
              <Field icon={<PhoneIcon />}>
                <input
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={14}
                  placeholder={t('account.phonePlaceholder')}
                  aria-label={t('account.phone')}
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  data-testid="login-phone"
                />
              </Field>
              <Field icon={<LockIcon />}>
                <input
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder={t('account.codePlaceholder')}
                  aria-label={t('account.code')}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  data-testid="login-code"
                />
                <CodeButton onSend={sendCode} testId="login-send-code" />
              </Field>
              <button type="submit" className={styles.submit} disabled={busy} data-testid="login-submit-phone">
                {submitLabel ?? (phoneMode === 'login' ? t('account.login') : t('account.registerAndLogin'))}
              </button>
              <button
                type="button"
                className={styles.switch}
                onClick={() => setPhoneMode(phoneMode === 'login' ? 'register' : 'login')}
                data-testid="phone-mode"
              >
                {phoneMode === 'login' ? t('account.noAccountRegisterPhone') : t('account.haveAccountLogin')}
              </button>
            </form>
          </Tabs.Tab>
        )}
        <Tabs.Tab key="password" title={<span data-testid="login-tab-password">{t('account.tabPassword')}</span>}>
          <form
            className={styles.form}
            noValidate
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              void submit([checkLogin(userName, password)], () =>
                accountApi.login({ user_name: userName.trim(), user_pwd: password, imei }),
              );
            }}
          >
            <Field icon={<UserIcon />}>
              <input
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                maxLength={32}
                placeholder={t('account.userNamePlaceholder')}
                aria-label={t('account.userName')}
                value={userName}
                onChange={(e) => setUserName(e.target.value)}
                data-testid="login-username"
              />
            </Field>
            <Field icon={<LockIcon />}>
              <input
                type="password"
                autoComplete="current-password"
                maxLength={64}
                placeholder={t('account.passwordPlaceholder')}
                aria-label={t('account.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                data-testid="login-password"
              />
            </Field>
            <button type="submit" className={styles.submit} disabled={busy} data-testid="login-submit-password">
              {submitLabel ?? t('account.login')}
            </button>
          </form>
        </Tabs.Tab>
        <Tabs.Tab key="register" title={<span data-testid="login-tab-register">{t('account.tabRegister')}</span>}>
          <form
            className={styles.form}
            noValidate
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              void submit([checkRegister(regName, regPwd, regPwd2)], () =>
                accountApi.reg({
                  user_name: regName.trim(),
                  user_pwd: regPwd,
                  user_pwd2: regPwd2,
                  imei,
                  invitation_code: invitationCode || undefined,
                }),
              );
            }}
          >
            <Field icon={<UserIcon />}>
              <input
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                maxLength={32}
                placeholder={t('account.userNamePlaceholder')}
                aria-label={t('account.userName')}
                value={regName}
                onChange={(e) => setRegName(e.target.value)}
                data-testid="reg-username"
              />
            </Field>
            <Field icon={<LockIcon />}>
              <input
                type="password"
                autoComplete="new-password"
                maxLength={64}
                placeholder={t('account.passwordPlaceholder')}
                aria-label={t('account.password')}
                value={regPwd}
                onChange={(e) => setRegPwd(e.target.value)}
                data-testid="reg-password"
              />
            </Field>
            <Field icon={<LockIcon />}>
              <input
                type="password"
                autoComplete="new-password"
                maxLength={64}
                placeholder={t('account.password2Placeholder')}
                aria-label={t('account.password2')}
                value={regPwd2}
                onChange={(e) => setRegPwd2(e.target.value)}
                data-testid="reg-password2"
              />
            </Field>
            <ul className={styles.rules}>
              <li>{t('account.userNameRule')}</li>
              <li>{t('account.passwordRule')}</li>
            </ul>
            <button type="submit" className={styles.submit} disabled={busy} data-testid="reg-submit">
              {submitLabel ?? t('account.register')}
            </button>
          </form>
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
          {oneClick && (
            <button
              type="button"
              className={styles.oneClick}
              data-testid="login-one-click"
              onClick={() =>
                void submit([], async () =>
                  accountApi.oneClickLogin({
                    token: await oneClick(),
                    imei,
                    invitation_code: invitationCode || undefined,
                  }),
                )
              }
            >
              <PhoneIcon /> {t('account.oneClick')}
            </button>
          )}
          <div className={styles.providers}>
            {config.oauth_providers.map((provider) => (
              <button
                key={provider}
                type="button"
                className={styles.provider}
                onClick={() => void startOauth(provider)}
                data-testid={`login-oauth-${provider}`}
              >
                {providerName(provider, t)}
              </button>
            ))}
          </div>
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

function providerName(provider: string, t: (key: 'account.providerWechat' | 'account.providerQq') => string) {
  if (provider === 'wechat') return t('account.providerWechat');
  if (provider === 'qq') return t('account.providerQq');
  return provider;
}
