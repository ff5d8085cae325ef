/**
 * Spec §7 visit at launch: when the app was opened through a promotion link (`?code=`), tell the server once per page
 * load; it counts one visit per IP per promoter per operator day. Failures are swallowed (spec §8: the launch goes on).
 */
import { promotionApi } from './promotionApi';

let reported = '';

export function reportVisit(code: string, call: (code: string) => Promise<unknown> = promotionApi.visit): void {
  if (!code || reported === code) return;
  reported = code;
  call(code).catch(() => undefined);
}
