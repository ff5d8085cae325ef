/**
 * Plain text of a MacCMS rich-text field (vod_content is often HTML from collect feeds). Parsed in an inert
 * document (no scripts run, nothing loads) and only its text kept: the result is rendered as a React text node.
 */
export function htmlToText(html: string | null | undefined): string {
  const source = (html ?? '').trim();
  if (!source) return '';
  let text: string;
  if (typeof DOMParser !== 'undefined') {
    const doc = new DOMParser().parseFromString(
      source.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/\s*p\s*>/gi, '</p>\n'),
      'text/html',
    );
    text = doc.body.textContent ?? '';
  } else {
    text = source.replace(/<[^>]*>/g, ' ');
  }
  return text
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Comma/slash separated people or genres -> a tidy " / " list. */
export function joinList(value: string | null | undefined, max = 8): string {
  return (value ?? '')
    .split(/[,，/、]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, max)
    .join(' / ');
}
