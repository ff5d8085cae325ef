/**
 * One-click local-number login needs a token from the carrier's number-authentication SDK, which only the wrapped
 * Android/iOS app (or a page embedding the carrier's H5 SDK) has. Such a host exposes
 * `window.openvodOneClick.getToken()`; without it the option is hidden even when the server offers it.
 */
interface OneClickHost {
  getToken: () => Promise<string>;
}

export function oneClickTokenSource(win: unknown = globalThis): (() => Promise<string>) | undefined {
  const host = (win as { openvodOneClick?: Partial<OneClickHost> } | undefined)?.openvodOneClick;
  return typeof host?.getToken === 'function' ? () => (host as OneClickHost).getToken() : undefined;
}
