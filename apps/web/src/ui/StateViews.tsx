import { DotLoading } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilmIcon, WifiOffIcon } from './icons';
import styles from './StateViews.module.css';

/** Spinner shown only after `delay` ms (spec §8: page chunk loading shows a loading view after 200 ms). */
export function LoadingView({ delay = 200, label }: { delay?: number; label?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return (
    <div className={styles.box} role="status" aria-live="polite" aria-busy="true">
      {visible && (
        <>
          <DotLoading color="primary" />
          <span className={styles.hint}>{label ?? t('common.loading')}</span>
        </>
      )}
    </div>
  );
}

interface MessageViewProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyView({ title, description, icon, action }: MessageViewProps) {
  return (
    <div className={styles.box} data-testid="empty-view">
      <div className={styles.icon}>{icon ?? <FilmIcon size={40} />}</div>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.hint}>{description}</p>}
      {action}
    </div>
  );
}

export function ErrorView({ message, onRetry }: { message?: ReactNode; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} role="alert" data-testid="error-view">
      <div className={styles.icon}>
        <WifiOffIcon size={40} />
      </div>
      <p className={styles.title}>{message ?? t('common.loadingFailed')}</p>
      {onRetry && (
        <button type="button" className={styles.button} onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function errorMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/** What `queryStateView` reads of a TanStack query. */
interface QueryStatus {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The state view of a screen that waits on several queries: `LoadingView` while any of them is pending, else an
 * `ErrorView` (with retry) for the first that failed, else `undefined` (all have data). A query passed as `false` (a
 * disabled one, e.g. a list whose category is not configured) is left out.
 */
export function queryStateView(queries: readonly (QueryStatus | false)[]): ReactNode | undefined {
  const active = queries.filter((q): q is QueryStatus => q !== false);
  if (active.some((q) => q.isPending)) return <LoadingView />;
  const failed = active.find((q) => q.isError);
  if (failed) return <ErrorView message={errorMessage(failed.error)} onRetry={() => failed.refetch()} />;
  return undefined;
}
