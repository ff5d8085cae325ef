import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfigData } from '../../lib/appConfig';
import { DocumentPopup } from '../../ui/DocumentPopup';
import { ShieldIcon } from '../../ui/icons';
import styles from './LaunchDialog.module.css';

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
  const appName = config.app_short_name || t('app.name');

  if (kind === 'notice') {
    return (
      <Dialog
        visible
        title={<span data-testid="notice-title">{config.notice_title || t('launch.noticeTitle')}</span>}
        content={
          <div className={styles.text} data-testid="notice-dialog">
            {config.notice_desc}
          </div>
        }
        closeOnAction
        actions={[{ key: 'ok', text: <span data-testid="notice-ok">{t('launch.noticeOk')}</span> }]}
        onAction={() => onAnswer(true)}
      />
    );
  }

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
            <button type="button" className={styles.link} onClick={() => setDoc('agreement')}>
              {t('account.userAgreementLink')}
            </button>
            <button type="button" className={styles.link} onClick={() => setDoc('privacy')}>
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
      <DocumentPopup
        visible={doc !== null}
        title={doc === 'privacy' ? t('account.privacyPolicy') : t('account.userAgreement')}
        text={doc === 'privacy' ? config.app_privacy_policy : config.app_user_agreement}
        onClose={() => setDoc(null)}
      />
    </>
  );
}
