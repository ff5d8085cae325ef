/**
 * MacCMS play data: `vod_play_from`, `vod_play_server`, `vod_play_note`, `vod_play_url` (shared/research/maccms.md
 * §1.1; MacCMS common.php `mac_play_list`).
 *
 * Sources are parallel lists split on `$$$`; episodes of a source are split on `#` (CR/LF count as `#`); an episode
 * is `name$url` or `name$url$from`, or a bare URL (named "第N集"). `sid` is the 1-based position of the source in
 * `vod_play_from` and `nid` the 1-based position of the episode in its source, as MacCMS play URLs use them.
 */
import type { Episode, Source } from '@openvod/contract';
import { plainText, safeUrl } from '../../lib/sanitize.ts';

export const SOURCE_SEP = '$$$';
export const EPISODE_SEP = '#';
export const FIELD_SEP = '$';

export interface PlayColumns {
  vod_play_from: string;
  vod_play_server: string;
  vod_play_note: string;
  vod_play_url: string;
}

function splitSources(value: string): string[] {
  return value === '' ? [] : value.split(SOURCE_SEP);
}

/**
 * Parse the episodes of one source's URL list, as MacCMS `mac_play_list_one` does: `nid` is the token's position
 * (empty tokens are skipped but keep their number); a token without a URL part (`name` or `name$`) is the URL itself
 * and is named "第N集".
 */
export function parseEpisodes(urlList: string): Episode[] {
  const tokens = urlList.replace(/\r\n|\r|\n/g, EPISODE_SEP).split(EPISODE_SEP);
  const episodes: Episode[] = [];
  tokens.forEach((raw, index) => {
    const token = raw.trim();
    if (token === '') return;
    const nid = index + 1;
    const parts = token.split(FIELD_SEP);
    const title = (parts[0] ?? '').trim();
    const url = (parts[1] ?? '').trim();
    if (url === '') episodes.push({ nid, name: `第${nid}集`, url: title });
    else episodes.push({ nid, name: title || `第${nid}集`, url });
  });
  return episodes;
}

/**
 * Parse the four play columns into sources. A source keeps its `sid` even when an earlier one is empty; sources
 * without a player code and without episodes are left out.
 */
export function parsePlay(cols: PlayColumns): Source[] {
  const froms = splitSources(cols.vod_play_from);
  const urls = splitSources(cols.vod_play_url);
  const servers = splitSources(cols.vod_play_server);
  const notes = splitSources(cols.vod_play_note);
  const count = Math.max(froms.length, urls.length);
  const sources: Source[] = [];
  for (let i = 0; i < count; i++) {
    const from = (froms[i] ?? '').trim();
    const episodes = parseEpisodes(urls[i] ?? '');
    if (from === '' && episodes.length === 0) continue;
    sources.push({
      sid: i + 1,
      from: from || `line${i + 1}`,
      server: (servers[i] ?? '').trim() || 'no',
      note: (notes[i] ?? '').trim(),
      episodes,
    });
  }
  return sources;
}

/** Export sources back to the four MacCMS columns (`$$$`, `#`, `$`). Inverse of {@link parsePlay} for clean data. */
export function formatPlay(sources: Source[]): PlayColumns {
  return {
    vod_play_from: sources.map((s) => s.from).join(SOURCE_SEP),
    vod_play_server: sources.map((s) => s.server || 'no').join(SOURCE_SEP),
    vod_play_note: sources.map((s) => s.note).join(SOURCE_SEP),
    vod_play_url: sources
      .map((s) => s.episodes.map((e) => `${e.name}${FIELD_SEP}${e.url}`).join(EPISODE_SEP))
      .join(SOURCE_SEP),
  };
}

/**
 * Clean MacCMS play columns: unsafe URLs dropped, names made plain, then re-encoded (sids renumbered if sources
 * vanish). Used by the importer and by console edits.
 */
export function cleanPlayColumns(cols: { from: string; server: string; note: string; url: string }) {
  const sources = parsePlay({
    vod_play_from: cols.from,
    vod_play_server: cols.server,
    vod_play_note: cols.note,
    vod_play_url: cols.url,
  })
    .map((s, i) => ({
      ...s,
      sid: i + 1,
      from: plainText(s.from, 60).replace(/[$#]/g, '') || `line${i + 1}`,
      server: plainText(s.server, 60).replace(/[$#]/g, '') || 'no',
      note: plainText(s.note, 60).replace(/[$#]/g, ''),
      episodes: s.episodes
        .map((e) => ({ ...e, name: plainText(e.name, 60).replace(/[$#]/g, ''), url: safeUrl(e.url, 2048) }))
        .filter((e) => e.url !== '')
        .map((e, j) => ({ ...e, nid: j + 1 })),
    }))
    .filter((s) => s.episodes.length > 0);
  const out = formatPlay(sources);
  return {
    from: out.vod_play_from,
    server: out.vod_play_server,
    note: out.vod_play_note,
    url: out.vod_play_url,
  };
}
