import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfigData } from '../../lib/appConfig';
import { ShieldIcon } from '../../ui/icons';
import styles from './LaunchDialog.module.css';

// Both come with antd-mobile's popup and its animation library: fetched when shown, so a first launch (the privacy
// sheet below, our own markup) loads neither with the home page.
const NoticeDialog = lazy(() => import('./NoticeDialog'));
const DocumentPopup = lazy(() => import('../../ui/DocumentPopup').then((m) => ({ default: m.DocumentPopup })));

interface LaunchDialogProps {
  kind: 'privacy' | 'notice';
  config: AppConfigData;
  /** Privacy: true = agree, false = decline. Notice: always true. */
  onAnswer: (agree: boolean) => void;
}

/**
 * Spec §2 launch dialogs. The privacy dialog is a non-modal sheet at the bottom (the app stays usable while it is
 * open, as it does after a decline); the operator's notice is a modal dialog.
 */
export default function LaunchDialog({ kind, config, onAnswer }: LaunchDialogProps) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<'agreement' | 'privacy' | null>(null);
  // Mounted from the first opening on, so it can animate its closing.
  const [docOpened, setDocOpened] = useState(false);
  const openDoc = (which: 'agreement' | 'privacy') => {
    setDoc(which);
    setDocOpened(true);
  };
  const appName = config.app_short_name || t('app.name');

  if (kind === 'notice') return <NoticeDialog config={config} onOk={() => onAnswer(true)} />;

  return (
    <>
      <section
        className={styles.sheet}
        role="dialog"
        aria-modal="false"
        aria-labelledby="privacy-title"
        data-testid="privacy-dialog"
      >
        <h2 id="privacy-title" className={styles.title}>
          <ShieldIcon size={20} />
          {t('launch.privacyTitle')}
        </h2>
        <div className={styles.text}>
          <p>{t('launch.privacyIntro', { name: appName })}</p>
          <p className={styles.links}>
            <button type="button" className={styles.link} onClick={() => openDoc('agreement')}>
              {t('account.userAgreementLink')}
            </button>
            <button type="button" className={styles.link} onClick={() => openDoc('privacy')}>
              {t('account.privacyPolicyLink')}
            </button>
          </p>
          <p className={styles.hint}>{t('launch.privacyDeclineHint')}</p>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.decline}
            onClick={() => onAnswer(false)}
            data-testid="privacy-decline"
          >
            {t('launch.decline')}
          </button>
          <button type="button" className={styles.agree} onClick={() => onAnswer(true)} data-testid="privacy-agree">
            {t('launch.agree')}
          </button>
        </div>
      </section>
      {docOpened && (
        <Suspense fallback={null}>
          <DocumentPopup
            visible={doc !== null}
            title={doc === 'privacy' ? t('account.privacyPolicy') : t('account.userAgreement')}
            text={doc === 'privacy' ? config.app_privacy_policy : config.app_user_agreement}
            onClose={() => setDoc(null)}
          />
        </Suspense>
      )}
    </>
  );
}
