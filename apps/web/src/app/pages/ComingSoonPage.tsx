import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/routes';
import { ClockIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import type { PlaceholderTitleKey } from '../placeholders';
import styles from './MessagePage.module.css';

export default function ComingSoonPage({ title }: { title: PlaceholderTitleKey }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <PageHeader title={t(title)} />
      <div className={styles.body} data-testid="coming-soon">
        <span className={styles.badge}>
          <ClockIcon size={36} />
        </span>
        <h2>{t('common.comingSoon')}</h2>
        <p>{t('common.comingSoonDesc')}</p>
        <Link to={paths.layout} replace className={styles.button}>
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
