/**
 * The promotion poster and the identity QR (spec §2 Me, promotion: reward-more; Me, profile: id-card; §7
 * createTempQrcode, createQrcode; §9 daily task "save promotion QR", plog type 23). The server draws both pictures
 * (PNG) and keeps them on its storage port; see apps/server/src/modules/poster/index.ts for the formats.
 *
 * QR contents (what a scanner reads):
 * - poster: the invitation link `<PUBLIC_URL>/?code=<user_invite_code>`: opening it launches the app, which keeps
 *   the code for the next sign-up (apps/web/src/features/account/launch.ts parseInvitationCode).
 * - card: the member's identity link `<PUBLIC_URL>/?code=<user_invite_code>&uid=<user_id>`: the same launch
 *   (invitation code kept), `uid` names the member whose card was scanned.
 */
import { z } from 'zod';
import { ok } from './envelope.ts';

/** Which picture createTempQrcode draws: `card` the identity QR, `poster` the promotion poster. */
export const QrcodeType = z.enum(['card', 'poster']);
export type QrcodeType = z.infer<typeof QrcodeType>;

/** Width and height of the promotion poster (pixels, a phone screen's 9:16 at 2x). */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;
/** Side of the identity QR picture (pixels). */
export const CARD_SIZE = 600;
/** Largest poster background the console may upload (bytes). */
export const POSTER_BG_MAX_BYTES = 5 * 1024 * 1024;

export const TempQrcodeQuery = z.object({ type: QrcodeType.default('poster') });

/** A drawn picture: its address (`/media/posters/<file>.png`), the link its QR encodes and its size in pixels. */
export const QrcodePicture = z.object({
  type: QrcodeType,
  url: z.string(),
  link: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type QrcodePicture = z.infer<typeof QrcodePicture>;
export const TempQrcodeResponse = ok({ info: QrcodePicture });

/**
 * createQrcode answers the poster's PNG bytes as a download (`Content-Disposition: attachment`), with the header
 * {@link TASK_POINT_HEADER}: points the "save promotion QR" task paid by this save (0 when already paid today, off,
 * or the day's cap is full).
 */
export const CreateQrcodeResponse = z.string().describe('The poster, image/png bytes');
export const TASK_POINT_HEADER = 'x-task-point';

/** The console's poster settings: the background's address (null: the drawn default) and its version. */
export const AdminPosterSettings = z.object({
  background: z.string().nullable(),
  version: z.string(),
  /** A poster drawn with the current background for a sample member, to preview. */
  preview_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminPosterSettings = z.infer<typeof AdminPosterSettings>;
export const AdminPosterSettingsResponse = ok({ info: AdminPosterSettings });
