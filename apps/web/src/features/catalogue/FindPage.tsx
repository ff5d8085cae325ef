import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, sortPath } from '../../lib/routes';
import { ChevronRightIcon, DocumentIcon, FireIcon, SearchIcon, StarIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './FindPage.module.css';
import listStyles from './pages.module.css';
import { useCategoryGuard, VipBadge } from './permission';
import { picUrl } from './picUrl';
import { useTypes } from './queries';

/** Find tab: every top category with its sub-categories, each linking to the category page. */
export default function FindPage() {
  const { t } = useTranslation();
  const types = useTypes();
  const { guard, locked } = useCategoryGuard();
  const search = (
    <Link to={paths.search} className={listStyles.iconLink} aria-label={t('common.search')}>
      <SearchIcon size={20} />
    </Link>
  );

  return (
    <div>
      <PageHeader back={false} title={t('find.title')} right={search} />
      <nav className={styles.shortcuts} aria-label={t('home.entries')}>
        <Link to={paths.rankList} className={styles.shortcut} data-testid="find-rank">
          <FireIcon size={18} />
          {t('home.entry.rankList')}
        </Link>
        <Link to={paths.specialTopic} className={styles.shortcut} data-testid="find-topics">
          <DocumentIcon size={18} />
          {t('home.entry.specialTopic')}
        </Link>
        <Link to={paths.wonder} className={styles.shortcut} data-testid="find-wonder">
          <StarIcon size={18} />
          {t('home.entry.wonder')}
        </Link>
      </nav>
      {types.isPending && <LoadingView />}
      {types.isError && <ErrorView message={errorMessage(types.error)} onRetry={() => types.refetch()} />}
      {types.data && types.data.list.length === 0 && <EmptyView title={t('find.empty')} />}
      {types.data && (
        <div className={styles.list}>
          {types.data.list.map((top) => (
            <section
              key={top.type_id}
              className={styles.card}
              data-testid={`find-type-${top.type_id}`}
              onClickCapture={(event) => {
                if ((event.target as Element).closest?.('a') && !guard(top.type_id)) {
                  event.preventDefault();
                  event.stopPropagation();
                }
              }}
            >
              <Link to={sortPath(top.type_id)} className={styles.head}>
                {picUrl(top.type_pic) ? (
                  <img className={styles.pic} src={picUrl(top.type_pic)} alt="" loading="lazy" />
                ) : (
                  <span className={styles.letter} aria-hidden="true">
                    {top.type_name.slice(0, 1)}
                  </span>
                )}
                <span className={styles.name}>
                  {top.type_name}
                  {locked(top.type_id) && <VipBadge />}
                </span>
                <span className={styles.all}>
                  {t('find.all')}
                  <ChevronRightIcon size={14} />
                </span>
              </Link>
              {top.child.length > 0 && (
                <div className={styles.children}>
                  {top.child.map((sub) => (
                    <Link key={sub.type_id} to={sortPath(sub.type_id)} className={styles.child}>
                      {sub.type_name}
                    </Link>
                  ))}
                </div>
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
