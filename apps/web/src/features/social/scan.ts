/**
 * Reading a QR code (spec §6 "QR scan"; §8 'The scanning content is incorrect!'): pixels from the camera or a picture
 * from the album are decoded with jsQR (pure JavaScript, nothing fetched at run time), and a member's identity QR
 * (features/poster's card: `<address>/?code=<invitation code>&uid=<user id>`) leads to their homepage.
 */
import { memberOfIdentityLink } from '@openvod/contract';
import jsQR from 'jsqr';
import { friendInfoPath } from './paths';

/** The text of the QR code in `image`, or undefined. */
export function decodeQr(image: Pick<ImageData, 'data' | 'width' | 'height'>): string | undefined {
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data || undefined;
}

/** Where a scanned text leads: the homepage of the member of an identity QR, else undefined (not ours). */
export function scanTarget(text: string): string | undefined {
  const uid = memberOfIdentityLink(text);
  return uid ? friendInfoPath(uid) : undefined;
}

/** The pixels of `source` (a video frame, a decoded picture), scaled down to at most `max` px on its long side. */
export function pixelsOf(source: CanvasImageSource, width: number, height: number, max = 1024): ImageData | undefined {
  if (!width || !height) return undefined;
  const scale = Math.min(1, max / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return undefined;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** The QR text of a picture file (the album), or undefined. */
export async function decodeFile(file: Blob): Promise<string | undefined> {
  const bitmap = await createImageBitmap(file);
  try {
    const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height, 1600);
    return pixels ? decodeQr(pixels) : undefined;
  } finally {
    bitmap.close();
  }
}
