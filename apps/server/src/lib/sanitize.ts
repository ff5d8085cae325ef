/**
 * Sanitising of text written by users and collected feeds (DESIGN.md §8: stored XSS through collected data is the
 * best-known hole of MacCMS sites, research/maccms.md §5). Plain fields lose all markup; rich fields keep a small
 * allow-list of tags without attributes; URLs must be http(s) or server-relative.
 */
import sanitizeHtml from 'sanitize-html';

const RICH_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'span', 'div', 'h3', 'h4', 'blockquote'];

/** Plain text: tags removed, entities decoded, control characters dropped, whitespace collapsed, cut to `max`. */
export function plainText(value: unknown, max = 255): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'string' ? value : String(value);
  const text = sanitizeHtml(raw, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Re-strip: decoding entities may have produced markup such as "<script>".
  const again = text.includes('<') ? text.replace(/<[^>]*>/g, '').trim() : text;
  return [...again].slice(0, max).join('');
}

/** Rich text (vod_content): a few formatting tags, no attributes, no scripts, styles or links. */
export function richText(value: unknown, max = 65535): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'string' ? value : String(value);
  const clean = sanitizeHtml(raw, {
    allowedTags: RICH_TAGS,
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  }).trim();
  return clean.length > max ? clean.slice(0, max) : clean;
}

/**
 * A URL that is safe to put in `src`/`href`: http(s), protocol-relative (made https) or server-relative (`/...`).
 * MacCMS's `mac:` prefix means http. Anything else (javascript:, data:, file:) gives ''. Trailing `|` (an old
 * collect quirk) is removed.
 */
export function safeUrl(value: unknown, max = 1024): string {
  if (typeof value !== 'string') return '';
  let url = value.trim().replace(/\|+$/, '');
  if (url === '') return '';
  if (url.startsWith('mac:')) url = `http:${url.slice(4)}`;
  if (url.startsWith('//')) url = `https:${url}`;
  if (url.startsWith('/')) return /[\s"'<>\\]/.test(url) || url.length > max ? '' : url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '';
    const out = parsed.toString();
    return out.length > max ? '' : out;
  } catch {
    return '';
  }
}
