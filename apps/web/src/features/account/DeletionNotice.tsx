import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../lib/accountApi';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/feedback';
import styles from './DeletionNotice.module.css';

/** Date part of an ISO time in the viewer's locale. */
function day(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(locale);
}

/** Spec §4 Account deletion: a pending request is shown with the day it will be processed and a cancel button. */
export function DeletionNotice() {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [busy, setBusy] = useState(false);
  const deletion = user?.deletion;
  if (!user || !deletion) return null;
  return (
    <div className={styles.notice} role="status" data-testid="deletion-pending">
      <div className={styles.text}>
        <strong>{t('account.deletionPending')}</strong>
        <span>{t('account.deletionPendingDesc', { date: day(deletion.process_after, i18n.language) })}</span>
      </div>
      <button
        type="button"
        className={styles.cancel}
        disabled={busy}
        data-testid="deletion-cancel"
        onClick={async () => {
          setBusy(true);
          try {
            const res = await accountApi.deleteAccount(true);
            setUser({ ...user, deletion: res.deletion });
            toast(t('account.deletionCancelled'), 'success');
          } catch (err) {
            toast(err instanceof Error ? err.message : t('common.loadingFailed'), 'fail');
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('account.deletionCancel')}
      </button>
    </div>
  );
}
