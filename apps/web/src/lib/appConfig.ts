/**
 * The app config (spec §3 "App config"), fetched at launch and kept in the query cache. When the call fails the
 * defaults below are used silently (spec §8: config fetch failure is swallowed).
 */
import { useQuery } from '@tanstack/react-query';
import { type AppConfig, accountApi } from './accountApi';

export type AppConfigData = AppConfig;

export const appConfigKey = ['app', 'config'] as const;

export const DEFAULT_APP_CONFIG: AppConfigData = {
  menu: [],
  template: { themeColor: '#1cc7a6' },
  scale: 10,
  domain_list: [],
  ads: { list: [], showGoogle: false, showVipAd: false },
  player: {},
  app_barrage_state: 1,
  comment_status: 1,
  notice_state: 0,
  notice_title: '',
  notice_desc: '',
  app_privacy_policy_alert: 0,
  app_share_name: '',
  app_privacy_policy: '',
  app_user_agreement: '',
  tourist_state: '0',
  app_short_name: '',
  encrypt_state: 0,
  bindPhonePoint: 2,
  disCount: 10,
  sms_enabled: true,
  one_click_enabled: false,
  oauth_providers: [],
};

/** Fill what an older or partial server left out, so the app can rely on every field. */
export function normalizeAppConfig(info: Partial<AppConfigData> | null | undefined): AppConfigData {
  const merged = { ...DEFAULT_APP_CONFIG, ...(info ?? {}) } as AppConfigData;
  return {
    ...merged,
    domain_list: Array.isArray(merged.domain_list) ? merged.domain_list : [],
    oauth_providers: Array.isArray(merged.oauth_providers) ? merged.oauth_providers : [],
    tourist_state: String(merged.tourist_state ?? '0'),
  };
}

/** The app config; never fails (defaults on error). The launch flow fills the cache first. */
export function useAppConfig(): AppConfigData {
  const query = useQuery({
    queryKey: appConfigKey,
    queryFn: async ({ signal }) => {
      try {
        return normalizeAppConfig((await accountApi.getAppConfig(signal)).info);
      } catch {
        return DEFAULT_APP_CONFIG;
      }
    },
    staleTime: 10 * 60_000,
  });
  return query.data ?? DEFAULT_APP_CONFIG;
}
