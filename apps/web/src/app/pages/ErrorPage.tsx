import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/routes';
import { InfoIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import styles from './MessagePage.module.css';

/** common/error: unknown routes land here. */
export default function ErrorPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <PageHeader title={t('error.pageAddressWrong')} />
      <div className={styles.body} data-testid="error-page">
        <span className={styles.badge}>
          <InfoIcon size={36} />
        </span>
        <h2>{t('error.pageAddressWrong')}</h2>
        <p>{t('error.pageAddressWrongDesc')}</p>
        <Link to={paths.layout} replace className={styles.button}>
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
