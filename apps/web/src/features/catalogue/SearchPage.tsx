import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView } from '../../ui/StateViews';
import { InfiniteVodGrid } from './InfiniteVodGrid';
import styles from './SearchPage.module.css';

/** Simple search over `data?wd=`; the word lives in the route query (`?wd=`). */
export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wd = (params.get('wd') ?? '').trim();
  const [text, setText] = useState(wd);

  useEffect(() => setText(wd), [wd]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const word = text.trim().slice(0, 64);
    setParams(word ? { wd: word } : {}, { replace: true });
  };

  return (
    <div className={styles.page}>
      <PageHeader>
        <form className={styles.form} onSubmit={submit}>
          <label className={styles.field}>
            <SearchIcon size={16} />
            <input
              type="search"
              enterKeyHint="search"
              value={text}
              maxLength={64}
              placeholder={t('search.placeholder')}
              aria-label={t('search.title')}
              onChange={(e) => setText(e.target.value)}
              // biome-ignore lint/a11y/noAutofocus: the search page exists to type a word
              autoFocus={!wd}
              data-testid="search-input"
            />
          </label>
          <button type="submit" className={styles.submit}>
            {t('common.search')}
          </button>
        </form>
      </PageHeader>
      {wd ? (
        <InfiniteVodGrid
          key={wd}
          query={{ wd, order: 'time', limit: 21 }}
          empty={t('search.empty')}
          header={() => <p className={styles.results}>{t('search.results', { wd })}</p>}
        />
      ) : (
        <EmptyView title={t('search.hint')} icon={<SearchIcon size={40} />} />
      )}
    </div>
  );
}
