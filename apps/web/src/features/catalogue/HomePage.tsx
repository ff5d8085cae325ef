import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath, paths, sortPath } from '../../lib/routes';
import { FireIcon, SearchIcon, StarIcon } from '../../ui/icons';
import { ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './HomePage.module.css';
import { picUrl } from './picUrl';
import { useHome } from './queries';
import { Section } from './Section';
import { VodGrid, VodRow } from './VodCard';

export default function HomePage() {
  const { t } = useTranslation();
  const home = useHome();
  const data = home.data;

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <span className={styles.logo}>{t('app.name')}</span>
        <Link to={paths.search} className={styles.searchBox} aria-label={t('common.search')}>
          <SearchIcon size={16} />
          <span>{t('home.searchPlaceholder')}</span>
        </Link>
      </header>

      {!data && home.isPending && <LoadingView />}
      {!data && home.isError && <ErrorView message={errorMessage(home.error)} onRetry={() => home.refetch()} />}

      {data && (
        <>
          {data.fromCache && !home.isFetching && (
            <p className={styles.notice} role="status">
              {t('common.cachedData')}
            </p>
          )}

          {data.slide.length > 0 && (
            <div className={styles.slides} data-testid="home-slide">
              <Swiper autoplay loop={data.slide.length > 1} indicatorProps={{ className: styles.indicator }}>
                {data.slide.map((vod) => (
                  <Swiper.Item key={vod.vod_id}>
                    <Link to={detailPath(vod.vod_id)} className={styles.slide} data-testid={`slide-${vod.vod_id}`}>
                      {picUrl(vod.vod_pic) && <img src={picUrl(vod.vod_pic)} alt={vod.vod_name} draggable={false} />}
                      <span className={styles.slideText}>
                        <strong>{vod.vod_name}</strong>
                        {vod.vod_remarks && <small>{vod.vod_remarks}</small>}
                      </span>
                    </Link>
                  </Swiper.Item>
                ))}
              </Swiper>
            </div>
          )}

          {data.hot.length > 0 && (
            <Section title={t('home.hot')} icon={<FireIcon />} testId="home-hot">
              <VodRow list={data.hot} />
            </Section>
          )}

          {data.recommend.length > 0 && (
            <Section title={t('home.recommend')} icon={<StarIcon />} testId="home-recommend">
              <VodGrid list={data.recommend} />
            </Section>
          )}

          {data.blocks
            .filter((block) => block.list.length > 0)
            .map((block) => (
              <Section
                key={block.type_id}
                title={block.type_name}
                moreTo={sortPath(block.type_id)}
                testId={`home-block-${block.type_id}`}
              >
                <VodGrid list={block.list} />
              </Section>
            ))}
        </>
      )}
    </div>
  );
}
