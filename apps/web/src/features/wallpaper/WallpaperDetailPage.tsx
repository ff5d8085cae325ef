import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCountHit, useVodInfinite } from '../../lib/catalogueQueries';
import { useSpecialType, useVodDetails } from '../../lib/feedData';
import { positiveInt } from '../../lib/routes';
import { EmptyView, ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import { buildSlides, findSlide, refAt, type SlideRef, type WallpaperSlide } from './slides';
import { WALLPAPER_QUERY } from './WallpaperPage';
import { WallpaperViewer } from './WallpaperViewer';

/**
 * `wallpaper/detail?id=&n=` (spec §2): the gallery's pictures full screen, starting at title `id`, picture `n`
 * (1-based, default the first). Swiping runs through every picture of every title of the wallpaper list (the same
 * pages the grid loaded), loading the next page of titles near the end.
 */
export default function WallpaperDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const startId = positiveInt(params.get('id'));
  const startN = positiveInt(params.get('n')) ?? 0;
  const { types, typeId } = useSpecialType('app_gallery_typeid');
  const list = useVodInfinite({ ...WALLPAPER_QUERY, type_id: typeId }, typeId > 0);
  const titles = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  const [ref, setRef] = useState<SlideRef | undefined>(startId ? { vod_id: startId, n: startN } : undefined);

  // The titles around the current one need their pictures: the current title and its neighbours in the list.
  const at = titles.findIndex((v) => v.vod_id === (ref?.vod_id ?? titles[0]?.vod_id));
  const around = at >= 0 ? titles.slice(Math.max(0, at - 1), at + 2).map((v) => v.vod_id) : [];
  const details = useVodDetails(ref && at < 0 ? [ref.vod_id, ...around] : around);
  // A title linked from elsewhere (not in the loaded pages) is shown first, on its own.
  const lone = ref && at < 0 && list.isSuccess ? details.get(ref.vod_id) : undefined;
  const shown = lone ? [lone, ...titles] : titles;
  // The categories are cached per user (their rights are per group): a sign-in re-keys them, and with them the
  // gallery's list, so for a moment there are no titles at all. The pictures already shown stay meanwhile: swapping
  // the pager for the loading view would drop a swipe under the viewer's finger (the page turn lost).
  const lastSlides = useRef<WallpaperSlide[]>([]);
  const reloading = types.isPending || (typeId > 0 && list.isPending) || typeId <= 0;
  const built = buildSlides(shown, details.get);
  const slides = built.length === 0 && reloading ? lastSlides.current : built;
  if (built.length > 0) lastSlides.current = built;
  const found = ref ? findSlide(slides, ref) : 0;
  const index = Math.max(0, found);
  useCountHit(slides[index]?.vod_id);

  // Near the end of the loaded pictures: load the next page of titles.
  useEffect(() => {
    if (slides.length > 0 && index >= slides.length - 3 && list.hasNextPage && !list.isFetchingNextPage)
      void list.fetchNextPage();
  }, [index, slides.length, list]);

  const waitingLone = Boolean(ref && at < 0 && list.isSuccess && !lone && !details.failed(ref.vod_id));
  let placeholder: React.ReactNode;
  if (types.isPending || (typeId > 0 && list.isPending) || waitingLone) placeholder = <LoadingView />;
  else if (types.isError)
    placeholder = <ErrorView message={errorMessage(types.error)} onRetry={() => types.refetch()} />;
  else if (list.isError) placeholder = <ErrorView message={errorMessage(list.error)} onRetry={() => list.refetch()} />;
  else placeholder = <EmptyView title={t('wallpaper.empty')} />;

  return (
    <WallpaperViewer
      slides={waitingLone ? [] : slides}
      index={index}
      onIndexChange={(i) => {
        const next = refAt(slides, i, index);
        if (next) setRef(next);
      }}
      placeholder={placeholder}
    />
  );
}
