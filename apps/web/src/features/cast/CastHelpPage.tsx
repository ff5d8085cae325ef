/** common/cast-screen-help (spec §2): how casting works and what to check when no TV shows up. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import styles from './CastScreen.module.css';

const STEPS = ['network', 'tv', 'search', 'browser', 'trouble'] as const;

export default function CastHelpPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="cast-help-page">
      <PageHeader title={t('cast.helpTitle')} />
      <div className={styles.help}>
        {STEPS.map((k) => (
          <section key={k}>
            <h3>{t(`cast.helpText.${k}Title`)}</h3>
            <p>{t(`cast.helpText.${k}`)}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
