/**
 * The request form's captcha (spec §3 "Movie request: ... verification code"): a picture drawn on the server with
 * `svg-captcha` (characters as SVG paths, so the answer is not in the markup), its answer kept in the database
 * (`gbook_captcha`, so any server process can check it) and never sent to the client. The picture leaves as a
 * `data:image/svg+xml;base64,` URL, shown by the app in an `<img>` (an SVG shown that way runs no script).
 *
 * The e2e seam: with `TEST_CAPTCHA_FILE` (config.ts refuses it when NODE_ENV=production) each drawn captcha also
 * appends one JSON line `{"captcha_id", "answer", "at"}` to that file, which e2e/tests/requests.spec.ts reads to
 * type the answer as a person reading the picture would.
 */
import fs from 'node:fs';

/**
 * svg-captcha, imported at the first captcha drawn: it parses its bundled font (opentype.js) at import, a few MB of
 * heap a server that never shows the request form does without.
 */
let loaded: Promise<typeof import('svg-captcha')> | undefined;

/** Characters the captcha draws (no 0/o, 1/l/i look-alikes). */
const CHARS = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A drawn captcha: its SVG markup and the answer (lower case). */
export interface DrawnCaptcha {
  svg: string;
  answer: string;
}

/** Draw a 4-character captcha, 120x44 px, coloured on the app's dark surface. */
export async function drawCaptcha(): Promise<DrawnCaptcha> {
  loaded ??= import('svg-captcha');
  const svgCaptcha = await loaded;
  const c = svgCaptcha.create({
    size: 4,
    charPreset: CHARS,
    noise: 2,
    color: true,
    background: '#2a2a2e',
    width: 120,
    height: 44,
    fontSize: 46,
  });
  return { svg: c.data, answer: c.text.toLowerCase() };
}

/** The SVG as a data: URL. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Append a drawn captcha's answer to the test seam's file (see the module comment). */
export function recordTestAnswer(file: string, captchaId: string, answer: string): void {
  fs.appendFileSync(file, `${JSON.stringify({ captcha_id: captchaId, answer, at: new Date().toISOString() })}\n`);
}
