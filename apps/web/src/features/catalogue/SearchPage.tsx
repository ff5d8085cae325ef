import type { SuggestItem } from '@openvod/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { detailPath } from '../../lib/routes';
import { useUserId } from '../../lib/session';
import { confirm } from '../../ui/feedback';
import { ClockIcon, FireIcon, SearchIcon, TrashIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { InfiniteVodGrid } from './InfiniteVodGrid';
import { picUrl } from './picUrl';
import { useHotSearch, useSuggest } from './queries';
import styles from './SearchPage.module.css';
import { useHistoryWords, useSearchHistory } from './searchHistory';
import { useDebounced } from './useDebounced';

/** Typing pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 250;
const WORD_MAX = 64;

/** Why a suggestion matched: alias, pinyin or actor (the name itself needs no hint). */
function matchHint(item: SuggestItem, word: string): string {
  const w = word.toLowerCase();
  if (item.vod_name.toLowerCase().includes(w)) return item.vod_sub || item.vod_actor;
  if (item.vod_sub.toLowerCase().includes(w)) return item.vod_sub;
  if (item.vod_en.toLowerCase().includes(w)) return item.vod_en;
  return item.vod_actor || item.vod_sub;
}

function Suggestions({ word, onPick }: { word: string; onPick: (name: string) => void }) {
  const { t } = useTranslation();
  const suggest = useSuggest(word);
  const list = suggest.data ?? [];
  if (list.length === 0)
    return suggest.isFetching || suggest.isPending ? null : <p className={styles.muted}>{t('search.noSuggest')}</p>;
  return (
    <ul className={styles.suggest} data-testid="search-suggest" aria-label={t('search.suggestions')}>
      {list.map((item) => (
        <li key={item.vod_id}>
          <Link
            to={detailPath(item.vod_id)}
            className={styles.suggestItem}
            onClick={() => onPick(item.vod_name)}
            data-testid={`suggest-${item.vod_id}`}
          >
            {picUrl(item.vod_pic) ? (
              <img src={picUrl(item.vod_pic)} alt="" loading="lazy" className={styles.suggestPic} />
            ) : (
              <span className={styles.suggestPic} />
            )}
            <span className={styles.suggestText}>
              <strong>{item.vod_name}</strong>
              <small>{[item.type_name, item.vod_year, matchHint(item, word)].filter(Boolean).join(' · ')}</small>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function WordChips({
  words,
  onPick,
  testId,
}: {
  words: readonly string[];
  onPick: (w: string) => void;
  testId: string;
}) {
  return (
    <div className={styles.chips} data-testid={testId}>
      {words.map((w) => (
        <button key={w} type="button" className={styles.chip} onClick={() => onPick(w)}>
          {w}
        </button>
      ))}
    </div>
  );
}

/**
 * search/index: suggestions while typing (debounced; a changed word cancels the request in flight), the user's search
 * history (6 words, spec §5) and hot searches, results by relevance page after page. The word is the route's `?wd=`.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wd = (params.get('wd') ?? '').trim().slice(0, WORD_MAX);
  const [text, setText] = useState(wd);
  const userId = useUserId();
  const history = useHistoryWords(userId);
  const addWord = useSearchHistory((s) => s.add);
  const clearHistory = useSearchHistory((s) => s.clear);
  const hot = useHotSearch();
  const typed = text.trim().slice(0, WORD_MAX);
  const debounced = useDebounced(typed, SUGGEST_DEBOUNCE_MS);

  useEffect(() => setText(wd), [wd]);
  useEffect(() => {
    if (wd) addWord(userId, wd);
  }, [wd, userId, addWord]);

  const run = (word: string) => {
    const w = word.trim().slice(0, WORD_MAX);
    setText(w);
    setParams(w ? { wd: w } : {}, { replace: Boolean(wd) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(text);
  };
  const askClear = async () => {
    const ok = await confirm({
      content: t('search.clearConfirm'),
      confirmText: t('search.clear'),
      cancelText: t('common.cancel'),
    });
    if (ok) clearHistory(userId);
  };

  const suggesting = typed !== '' && typed !== wd;

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
              maxLength={WORD_MAX}
              placeholder={t('search.placeholder')}
              aria-label={t('search.title')}
              onChange={(e) => setText(e.target.value)}
              // biome-ignore lint/a11y/noAutofocus: the search page exists to type a word
              autoFocus={!wd}
              data-testid="search-input"
            />
          </label>
          <button type="submit" className={styles.submit} data-testid="search-submit">
            {t('common.search')}
          </button>
        </form>
      </PageHeader>

      {suggesting ? (
        debounced === typed ? (
          <Suggestions word={debounced} onPick={(name) => addWord(userId, name)} />
        ) : null
      ) : wd ? (
        <InfiniteVodGrid
          key={wd}
          query={{ wd, order: 'relevance', limit: 21 }}
          empty={t('search.empty')}
          testId="search-results"
          header={(total) => (
            <p className={styles.results}>
              {t('search.results', { wd })} · {t('sort.total', { count: total })}
            </p>
          )}
        />
      ) : (
        <div className={styles.home}>
          {history.length > 0 && (
            <section className={styles.block}>
              <div className={styles.blockHead}>
                <h2>
                  <ClockIcon size={16} />
                  {t('search.history')}
                </h2>
                <button
                  type="button"
                  className={styles.clear}
                  onClick={askClear}
                  aria-label={t('search.clear')}
                  data-testid="search-history-clear"
                >
                  <TrashIcon size={18} />
                </button>
              </div>
              <WordChips words={history} onPick={run} testId="search-history" />
            </section>
          )}
          <section className={styles.block}>
            <div className={styles.blockHead}>
              <h2>
                <FireIcon size={16} />
                {t('search.hot')}
              </h2>
            </div>
            {hot.data && hot.data.length > 0 ? (
              <WordChips words={hot.data} onPick={run} testId="search-hot" />
            ) : (
              <p className={styles.muted}>{hot.isPending ? t('common.loading') : t('search.hint')}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
