/**
 * The app config (spec §3 "App config"), fetched at launch and kept in the query cache. When the call fails the
 * defaults below are used silently (spec §8: config fetch failure is swallowed).
 */
import { APP_CONFIG_DEFAULTS } from '@openvod/contract';
import { useQuery } from '@tanstack/react-query';
import { type AppConfig, accountApi } from './accountApi';

export type AppConfigData = AppConfig;

export const appConfigKey = ['app', 'config'] as const;

/**
 * The config the app runs on until the server's arrives, or when it cannot be fetched: the contract's defaults of
 * every operator-editable field (APP_CONFIG_DEFAULTS, the same the server starts from), and for the fields the server
 * computes at run time what the app assumes without it (SMS sign-in offered, no one-click sign-in, no third-party
 * providers).
 */
export const DEFAULT_APP_CONFIG: AppConfigData = {
  ...APP_CONFIG_DEFAULTS,
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
