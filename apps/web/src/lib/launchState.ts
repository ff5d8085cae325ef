/**
 * When the launch flow (app/Launch.tsx; spec §4 Launch, Session, Auto login) has settled, so the session the app runs
 * with is known. Pages whose answer depends on who is signed in (the title page's free-view flow, issue 7 item 2)
 * wait for it instead of deciding as "no session" while the device's guest is still signing in. Before any launch
 * starts (unit tests, pages rendered alone) it is settled.
 */
let settled: Promise<void> = Promise.resolve();

/** Called by the launch flow with its promise; a failed launch counts as settled too. */
export function trackLaunch(launch: Promise<unknown>): void {
  settled = launch.then(
    () => undefined,
    () => undefined,
  );
}

/** Resolves once the launch flow started last has settled (at once when none started). */
export function whenLaunchSettled(): Promise<void> {
  return settled;
}
