import { LOCALES, type Locale } from '@openvod/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../lib/api';
import { browserLanguages, resolveLocale, useSettings } from '../../lib/settings';
import { CheckIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { LANGUAGE_NAMES } from './languages';
import styles from './SettingsPage.module.css';

/** Spec §2 setting list: language select, clear cache, disclaimer, version. */
export default function SettingsPage({ onClearCache }: { onClearCache?: () => void }) {
  const { t } = useTranslation();
  const saved = useSettings((s) => s.locale);
  const setLocale = useSettings((s) => s.setLocale);
  const queryClient = useQueryClient();
  const [cleared, setCleared] = useState(false);
  const systemLocale = resolveLocale(null, browserLanguages());

  const options: { value: Locale | null; label: string; hint?: string }[] = [
    { value: null, label: t('settings.followSystem'), hint: LANGUAGE_NAMES[systemLocale] },
    ...LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
  ];

  return (
    <div className={styles.page}>
      <PageHeader title={t('settings.title')} />

      <h2 className={styles.groupTitle} id="language-title">
        {t('settings.language')}
      </h2>
      <fieldset className={styles.group} aria-labelledby="language-title" data-testid="language-select">
        {options.map((option) => {
          const checked = saved === option.value;
          const key = option.value ?? 'system';
          return (
            <label key={key} className={styles.item} data-testid={`language-${key}`} lang={option.value ?? undefined}>
              <input
                type="radio"
                name="locale"
                value={key}
                className="ov-visually-hidden"
                checked={checked}
                onChange={() => setLocale(option.value)}
              />
              <span className={styles.label}>{option.label}</span>
              {option.hint && <span className={styles.hint}>{option.hint}</span>}
              <span className={styles.check}>{checked && <CheckIcon size={18} />}</span>
            </label>
          );
        })}
      </fieldset>

      <div className={styles.group}>
        <button
          type="button"
          className={styles.item}
          onClick={() => {
            queryClient.clear();
            onClearCache?.();
            setCleared(true);
          }}
        >
          <span className={styles.label}>{t('settings.clearCache')}</span>
          {cleared && (
            <span className={styles.hint} role="status">
              {t('settings.cacheCleared')}
            </span>
          )}
        </button>
        <div className={styles.item}>
          <span className={styles.label}>{t('settings.version')}</span>
          <span className={styles.hint}>{APP_VERSION}</span>
        </div>
      </div>

      <h2 className={styles.groupTitle}>{t('settings.disclaimer')}</h2>
      <p className={styles.disclaimer} data-testid="disclaimer">
        {t('settings.disclaimerText')}
      </p>
    </div>
  );
}
