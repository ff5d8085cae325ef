/**
 * The 'more' panel's screenshot (spec §2): the current frame drawn to a canvas and saved as a PNG download.
 * Needs a same-origin (or CORS-enabled) stream; Safari's native HLS draws blank frames (hls.js#1806), where the caller
 * hides the action.
 */

/** The file name of a screenshot: `<title>-<m>m<ss>s.png` with characters unsafe in file names replaced. */
export function screenshotName(title: string, seconds: number): string {
  const safe = (title || 'openvod').replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60);
  const s = Math.max(0, Math.floor(seconds));
  return `${safe}-${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s.png`;
}

/** Draw `video`'s current frame and download it; resolves false when there is no frame or the canvas is tainted. */
export function saveScreenshot(video: HTMLVideoElement, title: string): Promise<boolean> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return Promise.resolve(false);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(false);
  ctx.drawImage(video, 0, 0, width, height);
  return new Promise((resolve) => {
    try {
      canvas.toBlob((blob) => {
        if (!blob) {
          resolve(false);
          return;
        }
        const url = URL.createObjectURL(blob);
        const a = document.createElement('a');
        a.href = url;
        a.download = screenshotName(title, video.currentTime);
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        resolve(true);
      }, 'image/png');
    } catch {
      resolve(false);
    }
  });
}
