/**
 * Drawing of the promotion poster and the identity QR (PNG, with sharp and the `qrcode` package). Pure functions of
 * their input: the service (poster.service.ts) decides what to draw and caches the result on the storage port.
 *
 * Poster ({@link POSTER_WIDTH} x {@link POSTER_HEIGHT} px): the operator's background (covering the whole picture),
 * or, without one, a drawn gradient with the app's name and a slogan in the member's language; a white panel at the
 * bottom with the member's avatar and name (when known), the invitation code as text, a short hint and the QR of
 * the invitation link ({@link POSTER_QR} px, right). Identity QR ({@link CARD_SIZE} px square): the QR alone on
 * white, with a quiet zone of {@link QR_MARGIN} modules.
 *
 * The QR is drawn module by module at a whole number of pixels per module (never resampled), so every module is a
 * sharp square a scanner reads at any size; {@link qrGeometry} says where each module lands (tests read it back).
 * Text goes through an SVG overlay (librsvg with the system's fonts: a CJK font such as Noto Sans CJK is needed for
 * Chinese, Japanese and Korean names; deploy/ images install one); every text put in it is XML-escaped.
 */
import { CARD_SIZE, POSTER_HEIGHT, POSTER_WIDTH } from '@openvod/contract';
import QRCode from 'qrcode';
import { loadSharp } from '../../lib/sharp.ts';

/** Quiet zone around the QR, in modules (the QR standard asks for 4). */
export const QR_MARGIN = 4;
/** Side of the poster's QR area (pixels). */
export const POSTER_QR = 260;
/** Where the poster's QR area starts (pixels from the left and the top). */
export const POSTER_QR_LEFT = 430;
export const POSTER_QR_TOP = 1000;

/** The QR's modules of `text` (error correction M): `size` modules a side, `dark(row, col)`. */
export function qrMatrix(text: string): { size: number; dark: (row: number, col: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => modules.data[row * modules.size + col] === 1 };
}

/**
 * Where a QR of `size` modules is drawn inside a square area of `side` pixels: whole pixels per module (`scale`),
 * the symbol (quiet zone included) centred; `offset` is the first module's pixel from the area's corner.
 */
export function qrGeometry(size: number, side: number): { scale: number; offset: number } {
  const scale = Math.floor(side / (size + 2 * QR_MARGIN));
  if (scale < 1) throw new Error(`QR of ${size} modules does not fit in ${side} px`);
  const offset = Math.floor((side - size * scale) / 2);
  return { scale, offset };
}

/** The QR of `text` as a white square of `side` x `side` px with black modules (raw RGB pixels turned into PNG). */
async function qrPicture(text: string, side: number): Promise<Buffer> {
  const { size, dark } = qrMatrix(text);
  const { scale, offset } = qrGeometry(size, side);
  const px = Buffer.alloc(side * side * 3, 0xff);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!dark(row, col)) continue;
      for (let y = offset + row * scale; y < offset + (row + 1) * scale; y++) {
        px.fill(0, (y * side + offset + col * scale) * 3, (y * side + offset + (col + 1) * scale) * 3);
      }
    }
  }
  const sharp = await loadSharp();
  return sharp(px, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

/** `s` safe inside SVG text and attributes. */
export function xmlEscape(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

/** At most `max` characters (whole code points), with an ellipsis when cut. */
export function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join('')}…`;
}

const FONT = "'Noto Sans CJK SC','Noto Sans CJK JP','Noto Sans CJK KR','Noto Sans',sans-serif";

/** The identity QR: PNG of {@link CARD_SIZE} px square encoding `link`. */
export async function drawCard(link: string): Promise<Buffer> {
  return qrPicture(link, CARD_SIZE);
}

/** What goes on a poster. Texts are plain (escaped here). */
export interface PosterInput {
  /** The invitation link the QR encodes. */
  link: string;
  /** The member's invitation code (user_invite_code). */
  code: string;
  /** The member's shown name; '' leaves the line out. */
  name: string;
  /** The member's avatar (any picture sharp reads), or null. */
  avatar: Buffer | null;
  /** The operator's background (any picture sharp reads), or null for the drawn default. */
  background: Buffer | null;
  /** The app's name (app config `app_share_name`), shown on the drawn default. */
  appName: string;
  /** Texts in the member's language: the code's label ("邀请码：{code}" filled in), the scan hint, the slogan. */
  codeLine: string;
  hint: string;
  slogan: string;
}

/** The drawn default background: a diagonal gradient with the app's name and the slogan. */
function defaultBackground(appName: string, slogan: string): Buffer {
  const W = POSTER_WIDTH;
  const H = POSTER_HEIGHT;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
      '<stop offset="0" stop-color="#ff8a3d"/><stop offset="0.55" stop-color="#f5455c"/>' +
      '<stop offset="1" stop-color="#7a2ff2"/></linearGradient></defs>' +
      `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
      `<circle cx="${W - 60}" cy="140" r="190" fill="#ffffff" fill-opacity="0.08"/>` +
      `<circle cx="70" cy="${H - 520}" r="240" fill="#ffffff" fill-opacity="0.06"/>` +
      `<text x="${W / 2}" y="380" text-anchor="middle" font-family="${FONT}" font-size="76" font-weight="bold" ` +
      `fill="#ffffff">${xmlEscape(clip(appName, 12))}</text>` +
      `<text x="${W / 2}" y="470" text-anchor="middle" font-family="${FONT}" font-size="36" fill="#ffffff" ` +
      `fill-opacity="0.9">${xmlEscape(clip(slogan, 20))}</text>` +
      '</svg>',
  );
}

/** A round avatar of `side` px, or null when the picture does not decode. */
async function roundAvatar(avatar: Buffer, side: number): Promise<Buffer | null> {
  const sharp = await loadSharp();
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
      `<circle cx="${side / 2}" cy="${side / 2}" r="${side / 2}" fill="#fff"/></svg>`,
  );
  try {
    return await sharp(avatar, { failOn: 'error', limitInputPixels: 50_000_000 })
      .resize(side, side, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The promotion poster as PNG ({@link POSTER_WIDTH} x {@link POSTER_HEIGHT} px). */
export async function drawPoster(input: PosterInput): Promise<Buffer> {
  const sharp = await loadSharp();
  const W = POSTER_WIDTH;
  const H = POSTER_HEIGHT;
  const base = input.background
    ? await sharp(input.background, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize(W, H, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer()
    : await sharp(defaultBackground(input.appName, input.slogan)).png().toBuffer();

  const panelTop = 950;
  const avatarSide = 96;
  const avatar = input.avatar ? await roundAvatar(input.avatar, avatarSide) : null;
  const textLeft = 72;
  const lines: string[] = [];
  let y = avatar ? 1140 : 1060;
  if (input.name) {
    lines.push(
      `<text x="${textLeft}" y="${y}" font-family="${FONT}" font-size="34" font-weight="bold" fill="#222222">` +
        `${xmlEscape(clip(input.name, 10))}</text>`,
    );
    y += 52;
  }
  lines.push(
    `<text x="${textLeft}" y="${y}" font-family="${FONT}" font-size="30" fill="#f5455c" font-weight="bold">` +
      `${xmlEscape(clip(input.codeLine, 18))}</text>`,
  );
  y += 50;
  lines.push(
    `<text x="${textLeft}" y="${y}" font-family="${FONT}" font-size="24" fill="#888888">` +
      `${xmlEscape(clip(input.hint, 14))}</text>`,
  );
  const panel = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
      `<rect x="40" y="${panelTop}" width="${W - 80}" height="${H - panelTop - 40}" rx="28" fill="#ffffff" ` +
      'fill-opacity="0.96"/>' +
      lines.join('') +
      '</svg>',
  );
  const layers: { input: Buffer; left: number; top: number }[] = [
    { input: panel, left: 0, top: 0 },
    { input: await qrPicture(input.link, POSTER_QR), left: POSTER_QR_LEFT, top: POSTER_QR_TOP },
  ];
  if (avatar) layers.push({ input: avatar, left: textLeft, top: 990 });
  return sharp(base).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}
