import { Navigate, Route, Routes, useLocation } from 'react-router';
import { loadHls } from '../features/player/hlsEngine';
import { LOGIN_REQUIRED_PATHS, paths } from '../lib/routes';
import { lazyPage } from './lazyPage';
import { PageBoundary } from './PageBoundary';
import { PLACEHOLDER_ROUTES } from './placeholders';
import { loadDetailPage } from './preload';
import { RequireLogin } from './RequireLogin';
import { TabLayout } from './TabLayout';

const HomePage = lazyPage(() => import('../features/catalogue/HomePage'));
const FindPage = lazyPage(() => import('../features/catalogue/FindPage'));
const WallpaperPage = lazyPage(() => import('../features/catalogue/WallpaperPage'));
const SortPage = lazyPage(() => import('../features/catalogue/SortPage'));
const SearchPage = lazyPage(() => import('../features/catalogue/SearchPage'));
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
const ComingSoonPage = lazyPage(() => import('./pages/ComingSoonPage'));
const ErrorPage = lazyPage(() => import('./pages/ErrorPage'));

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
        <Route path={paths.detail} element={<DetailPage />} />
        <Route path={paths.search} element={<SearchPage />} />
        <Route path={paths.settings} element={<SettingsRoute />} />
        <Route path={paths.error} element={<ErrorPage />} />
        <Route path={paths.login} element={<LoginPage />} />
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
        {PLACEHOLDER_ROUTES.map((r) => {
          const page = <ComingSoonPage title={r.title} />;
          const element = LOGIN_REQUIRED_PATHS.has(r.path) ? <RequireLogin>{page}</RequireLogin> : page;
          return <Route key={r.path} path={r.path} element={element} />;
        })}
        <Route path="*" element={<Navigate to={paths.error} replace />} />
      </Routes>
    </PageBoundary>
  );
}
