/**
 * Runs the spec §4 launch flow once per page load (features/account/launch) with the real API, stores and device id,
 * and shows the privacy and notice dialogs of spec §2 when their conditions hold. The dialogs' code is loaded only
 * when one is due, so the home route stays small.
 */
import { guestCredentials } from '@openvod/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import {
  type LaunchDeps,
  type LaunchResult,
  noticeKey,
  parseInvitationCode,
  parseOauthCallback,
  privacyAllowsAutoLogin,
  runLaunch,
  shouldShowNotice,
  shouldShowPrivacy,
  signInGuestAgain,
} from '../features/account/launch';
import { reportVisit } from '../features/promotion';
import { accountApi } from '../lib/accountApi';
import { type AppConfigData, appConfigKey, DEFAULT_APP_CONFIG } from '../lib/appConfig';
import { trackLaunch } from '../lib/launchState';
import { queryClient } from '../lib/queryClient';
import { paths } from '../lib/routes';
import { isGuestUser, useSession } from '../lib/session';
import { applyTheme, useSettings } from '../lib/settings';
import { getDeviceId } from '../lib/storage';
import { applyThemeColor } from '../lib/themeColor';

const LaunchDialog = lazy(() => import('../features/account/LaunchDialog'));

type DialogKind = 'privacy' | 'notice';
interface PendingDialog {
  kind: DialogKind;
  config: AppConfigData;
  answer: (agree: boolean) => void;
}

const useLaunchDialog = create<{ dialog: PendingDialog | null }>(() => ({ dialog: null }));

function ask(kind: DialogKind, config: AppConfigData): Promise<boolean> {
  return new Promise((resolve) => {
    useLaunchDialog.setState({
      dialog: {
        kind,
        config,
        answer: (agree) => {
          useLaunchDialog.setState({ dialog: null });
          resolve(agree);
        },
      },
    });
  });
}

/**
 * After the privacy policy was declined the app works in a limited way: the device's automatic guest account is
 * signed out (the viewer can still log in by hand).
 */
function dropGuestIfDeclined(config: AppConfigData): void {
  if (privacyAllowsAutoLogin(config, useSettings.getState().permissionAgree)) return;
  const { user, clear } = useSession.getState();
  if (isGuestUser(user, guestCredentials(getDeviceId()).user_name)) {
    accountApi.logout().catch(() => undefined);
    clear();
  }
}

/** The privacy dialog first, then the notice (one dialog at a time). */
async function showLaunchDialogs(config: AppConfigData): Promise<void> {
  if (shouldShowPrivacy(config, useSettings.getState().permissionAgree)) {
    useSettings.getState().setPermissionAgree(await ask('privacy', config));
    dropGuestIfDeclined(config);
  }
  if (shouldShowNotice(config, useSettings.getState().noticeSeen)) {
    await ask('notice', config);
    useSettings.getState().setNoticeSeen(noticeKey(config));
  }
}

/** The launch flow's calls, stores and device id (features/account/launch LaunchDeps), without the hooks. */
function launchDeps(): LaunchDeps {
  const session = useSession.getState;
  return {
    getAppConfig: () => accountApi.getAppConfig(),
    checkLogin: () => accountApi.checkLogin(),
    keepAlive: () => accountApi.keepAlive(),
    regCheck: (name) => accountApi.regCheck(name),
    login: (body) => accountApi.login(body),
    reg: (body) => accountApi.reg(body),
    guestCredentials,
    deviceId: getDeviceId,
    probe: (base, signal) => fetch(`${base}/healthz`, { mode: 'no-cors', cache: 'no-store', signal }),
    session: {
      token: () => session().token,
      signIn: (token, user) => session().signIn(token, user),
      setUser: (user) => session().setUser(user),
      clear: () => session().clear(),
    },
    apiBase: () => useSettings.getState().apiBase,
    setApiBase: (base) => useSettings.getState().setApiBase(base),
    invitationCode: () => useSettings.getState().invitationCode,
  };
}

/**
 * After a logout: sign the device's guest in at once, as the launch does (unless tourists may stay anonymous or the
 * privacy policy was declined), so the app keeps working without a reload. Resolves whether a guest is signed in.
 */
export async function signInDeviceGuest(): Promise<boolean> {
  const config = queryClient.getQueryData<AppConfigData>(appConfigKey) ?? DEFAULT_APP_CONFIG;
  const allowed = privacyAllowsAutoLogin(config, useSettings.getState().permissionAgree);
  return Boolean(await signInGuestAgain(launchDeps(), config, allowed));
}

let launched: Promise<LaunchResult> | undefined;

/**
 * Start the launch flow (once per page load). `go` opens a route (after a third-party sign-in, the page it asked
 * to return to).
 */
export function startLaunch(go: (to: string) => void): Promise<LaunchResult> {
  if (launched) return launched;
  const { search, hash, pathname } = window.location;
  const code = parseInvitationCode(search, hash);
  if (code) {
    useSettings.getState().setInvitationCode(code);
    // Spec §7 visit: the server counts the promotion link's visit (once per IP per promoter per day).
    reportVisit(code);
  }
  const oauth = parseOauthCallback(search);
  if (oauth) {
    // Drop the provider's code from the address bar (the router's state is kept).
    window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
  }
  launched = runLaunch({
    ...launchDeps(),
    onConfig: (config, loaded) => {
      queryClient.setQueryData(appConfigKey, config);
      // The operator's theme colour (styles/tokens.css derives the accents); on a failed fetch the colour
      // remembered from the last launch stays.
      if (loaded) applyThemeColor(config.template?.themeColor);
      if (loaded) void showLaunchDialogs(config);
    },
    // Read when auto login is due: an answer given meanwhile counts.
    beforeAutoLogin: async (config) => privacyAllowsAutoLogin(config, useSettings.getState().permissionAgree),
    oauthLogin: oauth
      ? () =>
          accountApi.wxLogin({
            code: oauth.code,
            state: oauth.state,
            invitation_code: useSettings.getState().invitationCode || undefined,
          })
      : undefined,
    onOauthError: (err) => {
      const message = err instanceof Error ? err.message : '';
      void import('../ui/feedback').then(({ toast }) => toast(message, 'fail'));
    },
  });
  trackLaunch(launched);
  // A decline given while the guest was signing in.
  void launched.then((result) => dropGuestIfDeclined(result.config));
  if (oauth) {
    void launched.then((result) => {
      if (result.session === 'oauth') go(oauth.redirect?.slice(1) ?? paths.me);
    });
  }
  return launched;
}

/**
 * Issue 7 item 4: the launch splash (common/guide-page) once the config and the session are known, over the page the
 * app was opened on (it returns there); only when the splash slot is on, the user not VIP / ad-free, and an ad
 * comes. Its code is loaded only then.
 */
let splashChecked = false;
async function showSplash(result: LaunchResult, go: (to: string) => void): Promise<void> {
  // Not over a privacy or notice dialog that is waiting for an answer.
  if (splashChecked || !result.config.ads.list.length || useLaunchDialog.getState().dialog) return;
  splashChecked = true;
  const { splashDue, guidePath } = await import('../features/ads/splash');
  const here = window.location.hash.replace(/^#/, '') || paths.layout;
  const pathname = here.split('?')[0] ?? here;
  if (await splashDue(result.config, useSession.getState().user, pathname)) {
    go(guidePath(here));
  }
}

/** Starts the launch flow, keeps the theme in step with the setting, and shows a due launch dialog. */
export function Launch() {
  const dialog = useLaunchDialog((s) => s.dialog);
  const navigate = useNavigate();
  useEffect(() => {
    void startLaunch((to) => navigate(to, { replace: true })).then((r) =>
      showSplash(r, (to) => navigate(to, { replace: true })),
    );
    return useSettings.subscribe((state, prev) => {
      if (state.darkTheme !== prev.darkTheme) applyTheme(state.darkTheme);
    });
  }, [navigate]);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <LaunchDialog kind={dialog.kind} config={dialog.config} onAnswer={dialog.answer} />
    </Suspense>
  );
}
