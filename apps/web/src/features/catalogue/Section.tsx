import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../ui/icons';
import styles from './Section.module.css';

interface SectionProps {
  title: ReactNode;
  icon?: ReactNode;
  /** Shown after the title (e.g. the VIP badge). */
  badge?: ReactNode;
  moreTo?: string;
  children: ReactNode;
  testId?: string;
  /**
   * Called before any tap inside the section is followed; return false to stop it (a VIP-only category shows its
   * reminder instead, spec §2).
   */
  onTap?: () => boolean;
}

/** A titled block of the home page with an optional "more" link. */
export function Section({ title, icon, badge, moreTo, children, testId, onTap }: SectionProps) {
  const { t } = useTranslation();
  const capture = onTap
    ? (event: MouseEvent) => {
        if ((event.target as Element).closest?.('a') && !onTap()) {
          event.preventDefault();
          event.stopPropagation();
        }
      }
    : undefined;
  return (
    <section className={styles.section} data-testid={testId} onClickCapture={capture}>
      <div className={styles.head}>
        <h2 className={styles.title}>
          {icon}
          {title}
          {badge}
        </h2>
        {moreTo && (
          <Link to={moreTo} className={styles.more} data-testid={testId ? `${testId}-more` : undefined}>
            {t('common.more')}
            <ChevronRightIcon size={14} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
