import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../lib/accountApi';
import { useSession } from '../../lib/session';
import { toast, toastError } from '../../ui/feedback';
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
  const cancel = useMutation({
    mutationFn: () => accountApi.deleteAccount(true),
    onSuccess: (res) => {
      const current = useSession.getState().user;
      if (current) setUser({ ...current, deletion: res.deletion });
      toast(t('account.deletionCancelled'), 'success');
    },
    onError: (err) => toastError(err, t('common.loadingFailed')),
  });
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
        disabled={cancel.isPending}
        data-testid="deletion-cancel"
        onClick={() => cancel.mutate()}
      >
        {t('account.deletionCancel')}
      </button>
    </div>
  );
}
