import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import frFR from 'antd/locale/fr_FR';
import jaJP from 'antd/locale/ja_JP';
import koKR from 'antd/locale/ko_KR';
import ptPT from 'antd/locale/pt_PT';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { lazy, type ReactNode, Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { type Lang, useI18n } from './i18n.ts';
import { queryClient } from './queries.ts';
import { useSession } from './session.ts';
import { PageSpin } from './ui.tsx';

const ConsoleLayout = lazy(() => import('./Layout.tsx'));
const LoginPage = lazy(() => import('./pages/Login/index.tsx'));
const TitlesPage = lazy(() => import('./pages/Titles/index.tsx'));
const TitleEditPage = lazy(() => import('./pages/TitleEdit/index.tsx'));
const CategoriesPage = lazy(() => import('./pages/Categories/index.tsx'));
const ImportPage = lazy(() => import('./pages/Import/index.tsx'));
const UsersPage = lazy(() => import('./pages/Users/index.tsx'));
const GroupsPage = lazy(() => import('./pages/Groups/index.tsx'));
const AppConfigPage = lazy(() => import('./pages/AppConfig/index.tsx'));
const AppVersionPage = lazy(() => import('./pages/AppVersion/index.tsx'));
const TopicsPage = lazy(() => import('./pages/Topics/index.tsx'));
const HomePage = lazy(() => import('./pages/Home/index.tsx'));
const DayCoversPage = lazy(() => import('./pages/DayCovers/index.tsx'));
const PosterPage = lazy(() => import('./pages/Poster/index.tsx'));
const MapSettingsPage = lazy(() => import('./pages/MapSettings/index.tsx'));
const AdsPage = lazy(() => import('./pages/Ads/index.tsx'));
const CatalogueSettingsPage = lazy(() => import('./pages/CatalogueSettings/index.tsx'));
const PlayersPage = lazy(() => import('./pages/Players/index.tsx'));
const LiveChannelsPage = lazy(() => import('./pages/LiveChannels/index.tsx'));
const PlansPage = lazy(() => import('./pages/Plans/index.tsx'));
const OrdersPage = lazy(() => import('./pages/Orders/index.tsx'));
const CodeBatchesPage = lazy(() => import('./pages/CodeBatches/index.tsx'));
const RevenuePage = lazy(() => import('./pages/Revenue/index.tsx'));
const TasksPage = lazy(() => import('./pages/Tasks/index.tsx'));
const PointsReportPage = lazy(() => import('./pages/PointsReport/index.tsx'));
const DownloadsPage = lazy(() => import('./pages/Downloads/index.tsx'));
const WithdrawalsPage = lazy(() => import('./pages/Withdrawals/index.tsx'));
const RewardsPage = lazy(() => import('./pages/Rewards/index.tsx'));
const DanmakuPage = lazy(() => import('./pages/Danmaku/index.tsx'));
const GbookPage = lazy(() => import('./pages/Gbook/index.tsx'));
const CommentsPage = lazy(() => import('./pages/Comments/index.tsx'));
const CommentReportsPage = lazy(() => import('./pages/CommentReports/index.tsx'));
const CommunitySettingsPage = lazy(() => import('./pages/CommunitySettings/index.tsx'));
const JobsPage = lazy(() => import('./pages/Jobs/index.tsx'));
const PromotionSettingsPage = lazy(() => import('./pages/PromotionSettings/index.tsx'));
const PromotersPage = lazy(() => import('./pages/Promoters/index.tsx'));
const PromotionReportPage = lazy(() => import('./pages/PromotionReport/index.tsx'));

/** antd's own strings (pagination, pickers, empty states, confirm buttons) in each console language. */
const ANTD_LOCALE: Record<Lang, AntdLocale> = {
  'zh-cn': zhCN,
  'zh-tw': zhTW,
  'en-us': enUS,
  'fr-fr': frFR,
  'de-de': deDE,
  'es-es': esES,
  'pt-pt': ptPT,
  'ja-jp': jaJP,
  'ko-kr': koKR,
};

function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

export function App() {
  const { lang } = useI18n();
  return (
    <ConfigProvider locale={ANTD_LOCALE[lang]} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <Suspense fallback={<PageSpin />}>
              <Routes>
                <Route path="/login" element={<LoginPage />} />
                <Route
                  element={
                    <RequireSession>
                      <ConsoleLayout />
                    </RequireSession>
                  }
                >
                  <Route index element={<Navigate to="/vods" replace />} />
                  <Route path="vods" element={<TitlesPage />} />
                  <Route path="vods/:id" element={<TitleEditPage />} />
                  <Route path="types" element={<CategoriesPage />} />
                  <Route path="topics" element={<TopicsPage />} />
                  <Route path="home" element={<HomePage />} />
                  <Route path="day-covers" element={<DayCoversPage />} />
                  <Route path="poster" element={<PosterPage />} />
                  <Route path="map-settings" element={<MapSettingsPage />} />
                  <Route path="ads" element={<AdsPage />} />
                  <Route path="danmaku" element={<DanmakuPage />} />
                  <Route path="requests" element={<GbookPage key="request" type="request" />} />
                  <Route path="feedback" element={<GbookPage key="feedback" type="feedback" />} />
                  <Route path="comments" element={<CommentsPage />} />
                  <Route path="comment-reports" element={<CommentReportsPage />} />
                  <Route path="community-settings" element={<CommunitySettingsPage />} />
                  <Route path="live" element={<LiveChannelsPage />} />
                  <Route path="catalogue" element={<CatalogueSettingsPage />} />
                  <Route path="players" element={<PlayersPage />} />
                  <Route path="import" element={<ImportPage />} />
                  <Route path="users" element={<UsersPage />} />
                  <Route path="groups" element={<GroupsPage />} />
                  <Route path="app-config" element={<AppConfigPage />} />
                  <Route path="app-version" element={<AppVersionPage />} />
                  <Route path="plans" element={<PlansPage />} />
                  <Route path="orders" element={<OrdersPage />} />
                  <Route path="code-batches" element={<CodeBatchesPage />} />
                  <Route path="revenue" element={<RevenuePage />} />
                  <Route path="point-tasks" element={<TasksPage />} />
                  <Route path="points-report" element={<PointsReportPage />} />
                  <Route path="downloads" element={<DownloadsPage />} />
                  <Route path="withdrawals" element={<WithdrawalsPage />} />
                  <Route path="rewards" element={<RewardsPage />} />
                  <Route path="promotion-settings" element={<PromotionSettingsPage />} />
                  <Route path="promoters" element={<PromotersPage />} />
                  <Route path="promotion-report" element={<PromotionReportPage />} />
                  <Route path="jobs" element={<JobsPage />} />
                  <Route path="*" element={<Navigate to="/vods" replace />} />
                </Route>
              </Routes>
            </Suspense>
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
