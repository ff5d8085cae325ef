import { Navigate, Route, Routes, useLocation } from 'react-router';
import { paths } from '../lib/routes';
import { lazyPage } from './lazyPage';
import { PageBoundary } from './PageBoundary';
import { PLACEHOLDER_ROUTES } from './placeholders';
import { TabLayout } from './TabLayout';

const HomePage = lazyPage(() => import('../features/catalogue/HomePage'));
const FindPage = lazyPage(() => import('../features/catalogue/FindPage'));
const WallpaperPage = lazyPage(() => import('../features/catalogue/WallpaperPage'));
const SortPage = lazyPage(() => import('../features/catalogue/SortPage'));
const SearchPage = lazyPage(() => import('../features/catalogue/SearchPage'));
const MeRoute = lazyPage(() => import('./pages/MeRoute'));
const SettingsRoute = lazyPage(() => import('./pages/SettingsRoute'));
const DetailPage = lazyPage(() => import('./pages/DetailPage'));
const ComingSoonPage = lazyPage(() => import('./pages/ComingSoonPage'));
const ErrorPage = lazyPage(() => import('./pages/ErrorPage'));

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
        {PLACEHOLDER_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={<ComingSoonPage title={r.title} />} />
        ))}
        <Route path="*" element={<Navigate to={paths.error} replace />} />
      </Routes>
    </PageBoundary>
  );
}
