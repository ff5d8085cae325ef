import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBack } from '../lib/navigation';
import { BackIcon } from './icons';
import styles from './PageHeader.module.css';

interface PageHeaderProps {
  title?: ReactNode;
  /** Show the back button (default true). */
  back?: boolean;
  right?: ReactNode;
  children?: ReactNode;
}

/** Sticky top bar with a 44 px back button, a title and an optional right slot. */
export function PageHeader({ title, back = true, right, children }: PageHeaderProps) {
  const { t } = useTranslation();
  const goBack = useBack();
  return (
    <header className={styles.header}>
      {back ? (
        <button type="button" className={styles.iconButton} onClick={goBack} aria-label={t('common.back')}>
          <BackIcon size={22} />
        </button>
      ) : (
        <span className={styles.spacer} />
      )}
      {children ?? <h1 className={styles.title}>{title}</h1>}
      {(right || !children) && <div className={styles.right}>{right ?? <span className={styles.spacer} />}</div>}
    </header>
  );
}
