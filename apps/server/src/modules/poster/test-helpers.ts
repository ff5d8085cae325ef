/**
 * Reading a drawn QR back for the poster tests: the picture's pixels at the centre of every module (poster.draw.ts
 * draws whole pixels per module at the place {@link qrGeometry} gives), compared with the modules the `qrcode`
 * package computes for a text. A QR that reads back module for module as the symbol of `text` encodes `text`.
 */
import sharp from 'sharp';
import { QR_MARGIN, qrGeometry, qrMatrix } from './poster.draw.ts';

/** PNG signature (RFC 2083 §3.1). */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The modules of `text` that differ from the picture `png` inside the square area (`left`, `top`, `side` px), plus
 * the dark pixels found in the quiet zone around the symbol; 0 when the area holds exactly the QR of `text`.
 */
export async function qrMismatches(png: Buffer, area: { left: number; top: number; side: number }, text: string) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return (data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0) < 3 * 128;
  };
  const m = qrMatrix(text);
  const { scale, offset } = qrGeometry(m.size, area.side);
  let wrong = 0;
  for (let row = -QR_MARGIN; row < m.size + QR_MARGIN; row++) {
    for (let col = -QR_MARGIN; col < m.size + QR_MARGIN; col++) {
      const inside = row >= 0 && col >= 0 && row < m.size && col < m.size;
      const x = area.left + offset + col * scale + Math.floor(scale / 2);
      const y = area.top + offset + row * scale + Math.floor(scale / 2);
      if (dark(x, y) !== (inside && m.dark(row, col))) wrong++;
    }
  }
  return { wrong, size: m.size, width: info.width, height: info.height };
}
