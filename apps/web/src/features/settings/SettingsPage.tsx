import { LANGUAGE_NAMES, LOCALES, type Locale } from '@openvod/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, Switch } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountApi, type Res } from '../../lib/accountApi';
import { APP_VERSION, APP_VERSION_CODE } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { browserLanguages, resolveLocale, useSettings } from '../../lib/settings';
import { DocumentPopup } from '../../ui/DocumentPopup';
import { confirm, toast, toastError } from '../../ui/feedback';
import { CheckIcon, ChevronRightIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import styles from './SettingsPage.module.css';

type Doc = 'disclaimer' | 'agreement' | 'privacy';
type UpdateInfo = Res<'checkUpdate'>['info'];

interface SettingsPageProps {
  onClearCache?: () => void;
  /** Shown above the account actions (the pending account deletion with its cancel button). */
  accountNotice?: ReactNode;
  /**
   * True when the signed-in user is this device's automatic guest account: it is offered "log in", not "log out",
   * and no account deletion.
   */
  isGuest?: boolean;
  /** Called after a logout: signs the device's guest in again (app/Launch signInDeviceGuest), as at launch. */
  onLoggedOut?: () => Promise<unknown>;
}

/**
 * Spec §2 setting list: language select, clear cache, disclaimer, agreement, privacy policy, update check, dark
 * theme, log out and cancel account (processed within 3 working days).
 */
export default function SettingsPage({ onClearCache, accountNotice, isGuest = false, onLoggedOut }: SettingsPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const saved = useSettings((s) => s.locale);
  const setLocale = useSettings((s) => s.setLocale);
  const darkTheme = useSettings((s) => s.darkTheme);
  const setDarkTheme = useSettings((s) => s.setDarkTheme);
  const user = useSession((s) => s.user);
  const queryClient = useQueryClient();
  const [cleared, setCleared] = useState(false);
  const [doc, setDoc] = useState<Doc | null>(null);
  const [update, setUpdate] = useState<UpdateInfo | null>(null);
  const systemLocale = resolveLocale(null, browserLanguages());

  const options: { value: Locale | null; label: string; hint?: string }[] = [
    { value: null, label: t('settings.followSystem'), hint: LANGUAGE_NAMES[systemLocale] },
    ...LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
  ];

  const docText: Record<Doc, { title: string; text: string }> = {
    disclaimer: { title: t('settings.disclaimer'), text: t('settings.disclaimerText') },
    agreement: { title: t('account.userAgreement'), text: config.app_user_agreement },
    privacy: { title: t('account.privacyPolicy'), text: config.app_privacy_policy },
  };

  const checkUpdate = useMutation({
    mutationFn: () => accountApi.checkUpdate({ version: APP_VERSION, versionCode: Number(APP_VERSION_CODE) }),
    onSuccess: (res) => {
      if (res.has_update) setUpdate(res.info);
      else toast(t('settings.upToDate'), 'success');
    },
    onError: (err) => toastError(err, t('common.loadingFailed')),
  });

  async function logout() {
    const yes = await confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    // The session ends locally whatever the server says (it may already be gone).
    await accountApi.logout().catch(() => undefined);
    useSession.getState().clear();
    toast(t('settings.loggedOut'), 'success');
    navigate(paths.me, { replace: true });
    // The device's guest comes back at once (as at launch), so the app keeps working without a reload.
    await onLoggedOut?.().catch(() => undefined);
  }

  async function deleteAccount() {
    if (!user) return;
    const yes = await confirm({
      title: t('settings.deleteAccount'),
      content: t('settings.deleteAccountConfirm'),
      confirmText: t('settings.deleteAccountSubmit'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    try {
      const res = await accountApi.deleteAccount(false);
      useSession.getState().setUser({ ...user, deletion: res.deletion });
      toast(t('settings.deleteAccountRequested'), 'success');
    } catch (err) {
      toast(err instanceof Error ? err.message : t('common.loadingFailed'), 'fail');
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title={<span data-testid="settings-title">{t('settings.title')}</span>} />

      {user && accountNotice}

      <h2 className={styles.groupTitle} id="language-title">
        {t('settings.language')}
      </h2>
      <fieldset className={styles.group} aria-labelledby="language-title" data-testid="language-select">
        {options.map((option) => {
          const checked = saved === option.value;
          const key = option.value ?? 'system';
          return (
            <label key={key} className={styles.item} data-testid={`language-${key}`} lang={option.value ?? undefined}>
              <input
                type="radio"
                name="locale"
                value={key}
                className="ov-visually-hidden"
                checked={checked}
                onChange={() => setLocale(option.value)}
              />
              <span className={styles.label}>{option.label}</span>
              {option.hint && <span className={styles.hint}>{option.hint}</span>}
              <span className={styles.check}>{checked && <CheckIcon size={18} />}</span>
            </label>
          );
        })}
      </fieldset>

      <h2 className={styles.groupTitle}>{t('settings.general')}</h2>
      <div className={styles.group}>
        <div className={styles.item}>
          <span className={styles.label} id="dark-theme-label">
            {t('settings.darkTheme')}
          </span>
          <Switch
            checked={darkTheme}
            onChange={setDarkTheme}
            aria-labelledby="dark-theme-label"
            aria-label={t('settings.darkTheme')}
            data-testid="settings-dark-theme"
          />
        </div>
        <button
          type="button"
          className={styles.item}
          data-testid="settings-clear-cache"
          onClick={() => {
            queryClient.clear();
            onClearCache?.();
            setCleared(true);
          }}
        >
          <span className={styles.label}>{t('settings.clearCache')}</span>
          {cleared && (
            <span className={styles.hint} role="status">
              {t('settings.cacheCleared')}
            </span>
          )}
        </button>
        <button
          type="button"
          className={styles.item}
          onClick={() => checkUpdate.mutate()}
          disabled={checkUpdate.isPending}
          data-testid="settings-check-update"
        >
          <span className={styles.label}>{t('settings.checkUpdate')}</span>
          <span className={styles.hint}>{t('settings.currentVersion', { version: APP_VERSION })}</span>
          <ChevronRightIcon size={16} className={styles.chevron} />
        </button>
      </div>

      <h2 className={styles.groupTitle}>{t('settings.about')}</h2>
      <div className={styles.group}>
        {(['disclaimer', 'agreement', 'privacy'] as const).map((key) => (
          <button
            key={key}
            type="button"
            className={styles.item}
            onClick={() => setDoc(key)}
            data-testid={`settings-doc-${key}`}
          >
            <span className={styles.label}>{docText[key].title}</span>
            <ChevronRightIcon size={16} className={styles.chevron} />
          </button>
        ))}
      </div>

      {user && (
        <div className={styles.group}>
          {isGuest ? (
            <button
              type="button"
              className={styles.item}
              onClick={() => navigate(paths.login)}
              data-testid="settings-login"
            >
              <span className={styles.label}>{t('me.login')}</span>
              <ChevronRightIcon size={16} className={styles.chevron} />
            </button>
          ) : (
            <button type="button" className={styles.item} onClick={() => void logout()} data-testid="settings-logout">
              <span className={styles.label}>{t('settings.logout')}</span>
            </button>
          )}
          {/* The device's guest has no account of its own to cancel. */}
          {!user.deletion && !isGuest && (
            <button
              type="button"
              className={`${styles.item} ${styles.danger}`}
              onClick={() => void deleteAccount()}
              data-testid="settings-delete-account"
            >
              <span className={styles.label}>{t('settings.deleteAccount')}</span>
              <span className={styles.hint}>{t('settings.deleteAccountHint')}</span>
            </button>
          )}
        </div>
      )}

      <DocumentPopup
        visible={doc !== null}
        title={doc ? docText[doc].title : ''}
        text={doc ? docText[doc].text : ''}
        onClose={() => setDoc(null)}
      />

      <Dialog
        visible={update !== null}
        title={t('settings.updateAvailable', { version: update?.version ?? '' })}
        content={
          <div className={styles.updateNotes} data-testid="update-notes">
            {update?.notes || t('settings.updateNoNotes')}
            {update?.url && <span className={styles.updateUrl}>{update.url}</span>}
          </div>
        }
        onClose={() => setUpdate(null)}
        actions={[
          [
            { key: 'later', text: t('settings.updateLater'), onClick: () => setUpdate(null) },
            {
              key: 'go',
              text: t('settings.updateNow'),
              bold: true,
              disabled: !update?.url,
              onClick: () => {
                if (update?.url && /^https?:\/\//i.test(update.url)) window.open(update.url, '_blank', 'noopener');
                setUpdate(null);
              },
            },
          ],
        ]}
      />
    </div>
  );
}
