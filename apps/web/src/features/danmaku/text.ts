/**
 * The server answers `barrage_text` HTML-escaped (packages/contract/src/danmaku.ts); the canvas draws plain text,
 * so the five entities are turned back. Nothing here ever goes into HTML.
 */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

export function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);
}
