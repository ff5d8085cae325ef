import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import { InfiniteVodGrid } from './InfiniteVodGrid';
import { useTypes } from './queries';

/** Wallpaper tab: titles of the gallery category (special.app_gallery_typeid), or an empty state. */
export default function WallpaperPage() {
  const { t } = useTranslation();
  const types = useTypes();
  const galleryId = types.data?.special.app_gallery_typeid ?? 0;

  return (
    <div>
      <PageHeader back={false} title={t('wallpaper.title')} />
      {types.isPending && <LoadingView />}
      {types.isError && <ErrorView message={errorMessage(types.error)} onRetry={() => types.refetch()} />}
      {types.data &&
        (galleryId > 0 ? (
          <InfiniteVodGrid query={{ type_id: galleryId, order: 'time', limit: 21 }} empty={t('wallpaper.empty')} />
        ) : (
          <EmptyView title={t('wallpaper.empty')} icon={<ImageIcon size={40} />} />
        ))}
    </div>
  );
}
