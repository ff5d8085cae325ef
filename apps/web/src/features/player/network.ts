/**
 * The mobile-data notice (spec §2 Player overlay: "A mobile-data notice with a tap-to-play action"). The Network
 * Information API (`navigator.connection`, Chromium only) tells a cellular connection by `type === 'cellular'`; where
 * it is missing or says anything else, no notice is shown. Once the viewer agrees, it is not asked again until the app
 * is reloaded (every episode of the session plays).
 */

interface ConnectionLike {
  type?: string;
}

let agreed = false;

/** Whether the device says it is on a cellular connection. */
export function isCellular(nav: unknown = globalThis.navigator): boolean {
  const connection = (nav as { connection?: ConnectionLike } | undefined)?.connection;
  return connection?.type === 'cellular';
}

/** Whether the stream may load now: not cellular, or the viewer has agreed this session. */
export function mobileDataAllowed(): boolean {
  return agreed || !isCellular();
}

/** The viewer tapped 'play' on the notice. */
export function agreeMobileData(): void {
  agreed = true;
}

/** For tests: forget the agreement. */
export function resetMobileDataAgreement(): void {
  agreed = false;
}
