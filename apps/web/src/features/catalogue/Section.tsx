import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../ui/icons';
import styles from './Section.module.css';

interface SectionProps {
  title: ReactNode;
  icon?: ReactNode;
  moreTo?: string;
  children: ReactNode;
  testId?: string;
}

export function Section({ title, icon, moreTo, children, testId }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} data-testid={testId}>
      <div className={styles.head}>
        <h2 className={styles.title}>
          {icon}
          {title}
        </h2>
        {moreTo && (
          <Link to={moreTo} className={styles.more}>
            {t('common.more')}
            <ChevronRightIcon size={14} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
