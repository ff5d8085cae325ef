import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm, toast, toastError } from '../../ui/feedback';
import { CheckIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { Poster } from '../../ui/Poster';
import { ErrorView, LoadingView } from '../../ui/StateViews';
import styles from './collections.module.css';

export interface ListRow {
  key: number;
  to: string;
  name: string;
  pic: string;
  /** Lines under the name. */
  lines: ReactNode;
  /** Extra content under the lines (e.g. a progress bar). */
  extra?: ReactNode;
}

interface SelectableListProps {
  title: string;
  rows: readonly ListRow[];
  /** Shown when there are no rows. */
  empty: ReactNode;
  /** The first server read (lib/useServerPull): while it runs or after it failed, shown instead of the empty view. */
  server: { pending: boolean; error: string | undefined; retry: () => void };
  /** Remove these rows (all of them when `all`); rejects with a user-facing message. */
  onRemove: (keys: number[], all: boolean) => Promise<void>;
  testId: string;
}

/**
 * A list of titles (poster, name, lines) with an edit mode (spec §2 me/common lists): "Edit" shows a check on each
 * row; the bottom bar selects all and deletes the selected rows after a confirm.
 */
export function SelectableList({ title, rows, empty, server, onRemove, testId }: SelectableListProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const removal = useMutation({
    mutationFn: ({ keys, all }: { keys: number[]; all: boolean }) => onRemove(keys, all),
    onSuccess: (_done, { all }) => {
      setSelected(new Set());
      if (all) setEditing(false);
      toast(t('collections.deleted'), 'success');
    },
    onError: (err) => toastError(err, t('common.loadingFailed')),
  });
  const busy = removal.isPending;
  const present = rows.filter((r) => selected.has(r.key)).map((r) => r.key);
  const allSelected = rows.length > 0 && present.length === rows.length;

  const flip = (key: number) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelected(next);
  };

  const remove = async () => {
    if (present.length === 0) return;
    const ok = await confirm({
      content: t('collections.deleteConfirm', { count: present.length }),
      confirmText: t('collections.delete'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    removal.mutate({ keys: present, all: allSelected });
  };

  return (
    <div className={styles.page} data-testid={testId}>
      <PageHeader
        title={title}
        right={
          rows.length > 0 ? (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => {
                setEditing(!editing);
                setSelected(new Set());
              }}
              data-testid="list-edit"
            >
              {editing ? t('collections.done') : t('collections.edit')}
            </button>
          ) : undefined
        }
      />
      {rows.length === 0 ? (
        server.pending ? (
          <LoadingView />
        ) : server.error ? (
          <ErrorView message={server.error} onRetry={server.retry} />
        ) : (
          empty
        )
      ) : (
        <ul className={`${styles.list} ${editing ? styles.listEditing : ''}`}>
          {rows.map((r) => {
            const body = (
              <>
                {editing && (
                  <span className={styles.check} data-on={selected.has(r.key) || undefined} aria-hidden="true">
                    <CheckIcon size={14} />
                  </span>
                )}
                <span className={styles.poster}>
                  <Poster src={r.pic} alt={r.name} />
                </span>
                <span className={styles.rowText}>
                  <span className={styles.rowName}>{r.name}</span>
                  {r.lines}
                  {r.extra}
                </span>
              </>
            );
            return (
              <li key={r.key} data-testid="list-row" data-id={r.key}>
                {editing ? (
                  <button
                    type="button"
                    className={styles.row}
                    aria-pressed={selected.has(r.key)}
                    onClick={() => flip(r.key)}
                  >
                    {body}
                  </button>
                ) : (
                  <Link className={styles.row} to={r.to}>
                    {body}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing && rows.length > 0 && (
        <div className={styles.editBar}>
          <button
            type="button"
            className={styles.editBarButton}
            onClick={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.key)))}
            data-testid="list-select-all"
          >
            {allSelected ? t('collections.unselectAll') : t('collections.selectAll')}
          </button>
          <button
            type="button"
            className={`${styles.editBarButton} ${styles.danger}`}
            disabled={present.length === 0 || busy}
            onClick={remove}
            data-testid="list-delete"
          >
            {t('collections.deleteCount', { count: present.length })}
          </button>
        </div>
      )}
    </div>
  );
}
