import { Navigate, Route, Routes, useLocation } from 'react-router';
import { GBOOK_PATHS } from '../features/gbook';
import { loadHls } from '../features/player/hlsEngine';
import { socialPaths } from '../features/social/paths';
import { mediaPaths } from '../lib/mediaPaths';
import { LOGIN_REQUIRED_PATHS, paths } from '../lib/routes';
import { currentUserId, useSession } from '../lib/session';
import { installSessionRefresh } from '../lib/sessionRefresh';
import { renderFeedComments, renderUserComments } from './communitySlots';
import { DownloadsProvider, installDownloads } from './downloads';
import { lazyPage } from './lazyPage';
import { PageBoundary } from './PageBoundary';
import { PLACEHOLDER_ROUTES } from './placeholders';
import { loadDetailPage } from './preload';
import { RequireLogin } from './RequireLogin';
import { TabLayout } from './TabLayout';

/**
 * Server syncs of signed-in users: watch records (ajaxUlog type 4; issue 5) and favourites of films and wallpapers
 * (issue 7 item 1) follow them across devices. Their own chunks, loaded once someone is signed in (at start or
 * later): a signed-out visitor has nothing to sync, and the home route's first scripts stay without them (issue 4).
 */
function installServerSyncs(): void {
  void import('../features/playback-sync/watchSync').then((m) => m.installWatchRecordSync());
  void import('../features/collections/favouriteSync').then((m) => m.installFavouriteSync());
  void import('../features/wallpaper/collectionSync').then((m) => m.installWallpaperSync());
}
// Issue 17: the downloader resumes what a closed tab left running, once the app is idle after its launch.
installDownloads();
// A sign-in or sign-out refreshes the user's VIP, points and per-user catalogue queries at once (no reload).
installSessionRefresh();
if (currentUserId() > 0) installServerSyncs();
else {
  const stop = useSession.subscribe((s) => {
    if ((s.user?.user_id ?? 0) <= 0) return;
    stop();
    installServerSyncs();
  });
}

const HomePage = lazyPage(() => import('../features/catalogue/HomePage'));
const FindPage = lazyPage(() => import('../features/catalogue/FindPage'));
const WallpaperPage = lazyPage(() => import('../features/wallpaper/WallpaperPage'));
const WallpaperDetailPage = lazyPage(() => import('../features/wallpaper/WallpaperDetailPage'));
const WallpaperCollectionPage = lazyPage(() => import('../features/wallpaper/WallpaperCollectionPage'));
const CollectionListPage = lazyPage(() => import('../features/collections/CollectionListPage'));
const RecordListPage = lazyPage(() => import('./pages/RecordListRoute'));
// The feeds play at once: fetch the player engine along with the page's code.
const SmallVideoPage = lazyPage(() => {
  loadHls().catch(() => undefined);
  return import('../features/smallvideo/SmallVideoPage');
});
const PlayletPage = lazyPage(() => import('../features/playlet/PlayletPage'));
const PlayletDetailPage = lazyPage(() => {
  loadHls().catch(() => undefined);
  return import('../features/playlet/PlayletDetailPage');
});
const LivePage = lazyPage(() => import('../features/live/LivePage'));
const SortPage = lazyPage(() => import('../features/catalogue/SortPage'));
const SearchPage = lazyPage(() => import('../features/catalogue/SearchPage'));
const RankListPage = lazyPage(() => import('../features/catalogue/RankListPage'));
const TopicsPage = lazyPage(() => import('../features/catalogue/TopicsPage'));
const TopicListPage = lazyPage(() =>
  import('../features/catalogue/TopicsPage').then((m) => ({ default: m.TopicListPage })),
);
const WonderPage = lazyPage(() => import('../features/catalogue/WonderPage'));
const MoreListPage = lazyPage(() => import('../features/catalogue/MoreListPage'));
const MeRoute = lazyPage(() => import('./pages/MeRoute'));
const SettingsRoute = lazyPage(() => import('./pages/SettingsRoute'));
// The title page plays a stream at once: fetch the player engine along with the page's code.
const DetailPage = lazyPage(() => {
  loadHls().catch(() => undefined);
  return loadDetailPage();
});
const LoginPage = lazyPage(() => import('../features/account/LoginPage'));
const PersonalCenterPage = lazyPage(() => import('../features/account/PersonalCenterPage'));
const BindPhonePage = lazyPage(() => import('../features/account/BindPhonePage'));
const BuyCenterPage = lazyPage(() => import('../features/vip/BuyCenterPage'));
const OrderListPage = lazyPage(() => import('../features/vip/OrderListPage'));
const UpGradePage = lazyPage(() => import('../features/vip/UpGradePage'));
const RedemptionCodePage = lazyPage(() => import('../features/vip/RedemptionCodePage'));
const PointsCenterPage = lazyPage(() => import('../features/points/PointsCenterPage'));
const TaskListPage = lazyPage(() => import('../features/points/TaskListPage'));
const ExchangeCenterPage = lazyPage(() => import('../features/points/ExchangeCenterPage'));
const RewardMorePage = lazyPage(() => import('../features/poster/RewardMorePage'));
const IdCardPage = lazyPage(() => import('../features/poster/IdCardPage'));
const CashCenterPage = lazyPage(() => import('../features/cash/CashCenterPage'));
const CashListPage = lazyPage(() => import('../features/cash/CashListPage'));
const CashTypePage = lazyPage(() => import('../features/cash/CashTypePage'));
const PromotionCenterPage = lazyPage(() => import('../features/promotion/PromotionCenterPage'));
const LevelConfigPage = lazyPage(() => import('../features/promotion/LevelConfigPage'));
const RewardListPage = lazyPage(() => import('../features/promotion/RewardListPage'));
const RevenueListPage = lazyPage(() => import('../features/promotion/RevenueListPage'));
const ChooseLocationPage = lazyPage(() => import('../features/location/ChooseLocationPage'));
const OpenLocationPage = lazyPage(() => import('../features/location/OpenLocationPage'));
const SeekMoviePage = lazyPage(() => import('../features/gbook/SeekMoviePage'));
const SeekMovieDetailPage = lazyPage(() => import('../features/gbook/SeekMovieDetailPage'));
const SeekMovieFormPage = lazyPage(() => import('../features/gbook/SeekMovieFormPage'));
const MySeekMoviePage = lazyPage(() => import('../features/gbook/MySeekMoviePage'));
const FeedBackPage = lazyPage(() => import('../features/gbook/FeedBackPage'));
const FeedBackListPage = lazyPage(() => import('../features/gbook/FeedBackListPage'));
const CommentCenterPage = lazyPage(() => import('../features/comments/CommentCenterPage'));
const FriendListPage = lazyPage(() => import('../features/social/FriendListPage'));
const FriendInfoPage = lazyPage(() => import('../features/social/FriendInfoPage'));
const ShareToPage = lazyPage(() => import('../features/social/ShareToPage'));
const ComingSoonPage = lazyPage(() => import('./pages/ComingSoonPage'));
const DownloadRoute = lazyPage(() => import('./pages/DownloadRoute'));
const OfflinePlayRoute = lazyPage(() => {
  loadHls().catch(() => undefined);
  return import('./pages/OfflinePlayRoute');
});
const ErrorPage = lazyPage(() => import('./pages/ErrorPage'));
const CastScreenPage = lazyPage(() => import('../features/cast/CastScreenPage'));
const CastHelpPage = lazyPage(() => import('../features/cast/CastHelpPage'));
const GuidePage = lazyPage(() => import('../features/ads/GuidePage'));
const AdWebPage = lazyPage(() => import('../features/ads/WebPage'));

const HOME_PATHS: readonly string[] = ['', '/', paths.layout, paths.home];

/**
 * Load the page chunk of a directly opened route (`pathname` lower-case, without trailing slash) so the first render
 * shows the page instead of a loading view.
 */
export function preloadRoutePage(pathname: string): Promise<void> | undefined {
  if (pathname === paths.detail) return DetailPage.preload();
  if (HOME_PATHS.includes(pathname)) return HomePage.preload();
  return undefined;
}

/** The spec's routes (§2) in hash mode. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <PageBoundary resetKey={pathname}>
      <DownloadsProvider>
        <Routes>
          <Route element={<TabLayout />}>
            <Route index element={<HomePage />} />
            <Route path={paths.layout} element={<HomePage />} />
            <Route path={paths.home} element={<HomePage />} />
            <Route path={paths.find} element={<FindPage />} />
            <Route path={paths.wallpaper} element={<WallpaperPage />} />
            <Route path={paths.me} element={<MeRoute />} />
          </Route>
          <Route path={paths.sort} element={<SortPage />} />
          <Route path={mediaPaths.wallpaperDetail} element={<WallpaperDetailPage />} />
          <Route path={mediaPaths.wallpaperCollection} element={<WallpaperCollectionPage />} />
          <Route path={paths.collectionList} element={<CollectionListPage />} />
          <Route path={paths.recordList} element={<RecordListPage />} />
          <Route path={mediaPaths.smallVideo} element={<SmallVideoPage renderComments={renderFeedComments} />} />
          <Route path={mediaPaths.smallDetail} element={<SmallVideoPage renderComments={renderFeedComments} />} />
          <Route path={mediaPaths.playlet} element={<PlayletPage />} />
          <Route path={mediaPaths.playletDetail} element={<PlayletDetailPage renderComments={renderFeedComments} />} />
          <Route path={mediaPaths.live} element={<LivePage />} />
          <Route path={paths.detail} element={<DetailPage />} />
          <Route path={paths.search} element={<SearchPage />} />
          <Route path={paths.rankList} element={<RankListPage />} />
          <Route path={paths.specialTopic} element={<TopicsPage />} />
          <Route path={paths.topicList} element={<TopicListPage />} />
          <Route path={paths.wonder} element={<WonderPage />} />
          <Route path={paths.moreList} element={<MoreListPage />} />
          <Route path={paths.settings} element={<SettingsRoute />} />
          <Route path={paths.error} element={<ErrorPage />} />
          <Route path={paths.castScreen} element={<CastScreenPage />} />
          <Route path={paths.castScreenHelp} element={<CastHelpPage />} />
          <Route path={paths.guidePage} element={<GuidePage />} />
          <Route path={paths.webPage} element={<AdWebPage />} />
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.chooseLocation} element={<ChooseLocationPage />} />
          <Route path={paths.openLocation} element={<OpenLocationPage />} />
          <Route path={GBOOK_PATHS.community} element={<SeekMoviePage />} />
          <Route path={GBOOK_PATHS.detail} element={<SeekMovieDetailPage />} />
          {/* The homepage's comments section: the comments feature's list (communitySlots.tsx). */}
          <Route path={socialPaths.friendInfo} element={<FriendInfoPage commentsSlot={renderUserComments} />} />
          <Route path={socialPaths.shareTo} element={<ShareToPage />} />
          <Route
            path={paths.personalCenter}
            element={
              <RequireLogin>
                <PersonalCenterPage />
              </RequireLogin>
            }
          />
          <Route
            path={paths.bindPhone}
            element={
              <RequireLogin>
                <BindPhonePage />
              </RequireLogin>
            }
          />
          {(
            [
              [paths.buyCenter, <BuyCenterPage key="buy" />],
              [paths.orderList, <OrderListPage key="orders" />],
              [paths.upGrade, <UpGradePage key="upgrade" />],
              [paths.redemptionCode, <RedemptionCodePage key="redeem" />],
              [paths.pointsCenter, <PointsCenterPage key="points" />],
              [paths.taskList, <TaskListPage key="tasks" />],
              [paths.exchangeCenter, <ExchangeCenterPage key="exchange" />],
              [paths.rewardMore, <RewardMorePage key="reward-more" />],
              [paths.idCard, <IdCardPage key="id-card" />],
              [paths.cashCenter, <CashCenterPage key="cash-center" />],
              [paths.cashList, <CashListPage key="cash-list" />],
              [paths.cashType, <CashTypePage key="cash-type" />],
              [paths.promotionCenter, <PromotionCenterPage key="promotion" />],
              [paths.levelConfig, <LevelConfigPage key="levels" />],
              [paths.rewardList, <RewardListPage key="rewards" />],
              [paths.revenueList, <RevenueListPage key="revenue" />],
              [GBOOK_PATHS.form, <SeekMovieFormPage key="seek-movie" />],
              [GBOOK_PATHS.mine, <MySeekMoviePage key="my-seek-movie" />],
              [GBOOK_PATHS.feedback, <FeedBackPage key="feed-back" />],
              [GBOOK_PATHS.feedbackList, <FeedBackListPage key="feed-back-list" />],
              [paths.commentList, <CommentCenterPage key="comment-list" />],
              [socialPaths.fanList, <FriendListPage key="fans" type="fan" />],
              [socialPaths.attentionList, <FriendListPage key="attention" type="attention" />],
            ] as const
          ).map(([path, page]) => (
            <Route key={path} path={path} element={<RequireLogin>{page}</RequireLogin>} />
          ))}
          {PLACEHOLDER_ROUTES.map((r) => {
            const page = <ComingSoonPage title={r.title} />;
            const element = LOGIN_REQUIRED_PATHS.has(r.path) ? <RequireLogin>{page}</RequireLogin> : page;
            return <Route key={r.path} path={r.path} element={element} />;
          })}
          <Route path={paths.download} element={<DownloadRoute />} />
          <Route path={paths.downloadPlay} element={<OfflinePlayRoute />} />
          <Route path="*" element={<Navigate to={paths.error} replace />} />
        </Routes>
      </DownloadsProvider>
    </PageBoundary>
  );
}
