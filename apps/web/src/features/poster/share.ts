/**
 * Saving and sharing on a phone's browser: a file handed to the browser as a download, the Web Share API with a
 * picture (level 2: `files`) or a link, and the clipboard as the last resort. Every browser capability is looked up
 * at call time, so the tests (and browsers without it) take the fallbacks.
 */

/** Hand `blob` to the browser as the file `filename` (the browser's download, or the phone's save dialog). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copy `text` to the clipboard; false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** How a share ended: shared through the system sheet, copied (no share sheet), cancelled, or failed. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Share the invitation: the poster picture with the text and link when the browser shares files, else the text and
 * link, else the link copied to the clipboard.
 */
export async function shareInvitation(opts: {
  title: string;
  text: string;
  url: string;
  file?: File;
}): Promise<ShareOutcome> {
  const nav = navigator as Navigator & { canShare?: (d: ShareData) => boolean };
  if (typeof nav.share === 'function') {
    const withFile: ShareData | undefined = opts.file
      ? { title: opts.title, text: `${opts.text} ${opts.url}`, files: [opts.file] }
      : undefined;
    const data: ShareData =
      withFile && nav.canShare?.(withFile) ? withFile : { title: opts.title, text: opts.text, url: opts.url };
    try {
      await nav.share(data);
      return 'shared';
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(opts.url)) ? 'copied' : 'failed';
}
