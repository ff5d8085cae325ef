import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LoginPage.module.css';
import { useCountdown } from './useCountdown';

/** Spec: codes can be asked for again after 60 s (or the server's `resend_after`). */
export const RESEND_SECONDS = 60;

/** "Get code" button with the resend countdown. `onSend` resolves the seconds to wait, or undefined on failure. */
export function CodeButton({ onSend, testId }: { onSend: () => Promise<number | undefined>; testId: string }) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  return (
    <button
      type="button"
      className={styles.codeButton}
      disabled={left > 0 || sending}
      data-testid={testId}
      onClick={async () => {
        setSending(true);
        try {
          const wait = await onSend();
          if (wait !== undefined) start(wait > 0 ? wait : RESEND_SECONDS);
        } finally {
          setSending(false);
        }
      }}
    >
      {left > 0 ? t('account.resendIn', { seconds: left }) : t('account.sendCode')}
    </button>
  );
}
