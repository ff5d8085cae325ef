/**
 * The player table (MacCMS `vodplayer`, research/maccms.md §1.1): one row per player code used in `vod_play_from`,
 * with the name viewers see (`show`), a description (`des`), an order (`sort`, ascending) and a parse address
 * (`parse`, MacCMS's resolver prefix; kept for operators, this server plays addresses as they are).
 *
 * Stored as one JSON list in `app_setting` (key {@link PLAYER_KEY}), so it needs no table of its own. Imports add
 * the codes their titles use ({@link addPlayers}, named as the feed names them, else by their code); the console
 * edits names, descriptions, order and parse addresses (content-admin.service.ts). Unlike MacCMS, a code that is
 * not in the table is never dropped: its lines are shown under the code.
 */
import type { Player } from '@openvod/contract';
import { getSettings, setSetting } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';
import { plainText, safeUrl } from '../../lib/sanitize.ts';

/** `app_setting` key of the player table. */
export const PLAYER_KEY = 'vod_player';

/** A player code as the importer stores it in `vod_play_from` (importer.service.ts cleanPlayColumns). */
export function cleanPlayerCode(value: unknown): string {
  return plainText(value, 60).replace(/[$#]/g, '').trim();
}

/** A player as a feed or the console gives it; only `from` is required. */
export interface PlayerInput {
  from: string;
  show?: string;
  des?: string;
  sort?: number;
  parse?: string;
}

function clean(p: PlayerInput, fallbackSort: number): Player | undefined {
  const from = cleanPlayerCode(p.from);
  if (from === '') return undefined;
  const sort = Number.isSafeInteger(p.sort) ? Math.min(9999, Math.max(0, p.sort as number)) : fallbackSort;
  return {
    from,
    show: plainText(p.show ?? '', 60) || from,
    des: plainText(p.des ?? '', 255),
    sort,
    parse: safeUrl(p.parse ?? '', 1024),
  };
}

const order = (a: Player, b: Player) => a.sort - b.sort || a.from.localeCompare(b.from);

/** The player table, by `sort` then code. Takes `db` or `tx`. */
export async function readPlayers(db: Db): Promise<Player[]> {
  const value = (await getSettings(db, [PLAYER_KEY]))[PLAYER_KEY];
  if (!Array.isArray(value)) return [];
  const out: Player[] = [];
  for (const item of value) {
    const p = typeof item === 'object' && item ? clean(item as PlayerInput, 0) : undefined;
    if (p && !out.some((x) => x.from === p.from)) out.push(p);
  }
  return out.sort(order);
}

async function write(db: Db, players: Player[]): Promise<void> {
  await setSetting(db, PLAYER_KEY, [...players].sort(order));
}

/**
 * Add players to the table inside the caller's transaction: codes it lacks are added (with the given name, else the
 * code, and the next order); a code already present keeps what the operator set, except that one still named by its
 * code takes a name the feed gives. Returns the players added.
 */
export async function addPlayers(tx: Db, inputs: PlayerInput[]): Promise<Player[]> {
  const table = await readPlayers(tx);
  const added: Player[] = [];
  let changed = false;
  // Players without an order go after every order the table and the feed give.
  const given = inputs.map((i) => i.sort).filter((n): n is number => Number.isSafeInteger(n));
  let next = Math.min(9999, Math.max(0, ...table.map((p) => p.sort), ...given) + 1);
  for (const input of inputs) {
    const p = clean(input, next);
    if (!p) continue;
    const have = table.find((x) => x.from === p.from);
    if (have) {
      if (have.show === have.from && p.show !== p.from) {
        have.show = p.show;
        if (!have.des) have.des = p.des;
        if (!have.parse) have.parse = p.parse;
        changed = true;
      }
      continue;
    }
    if (!Number.isSafeInteger(input.sort)) next = Math.min(9999, next + 1);
    table.push(p);
    added.push(p);
    changed = true;
  }
  if (changed) await write(tx, table);
  return added;
}

/** Create or replace one player (console). Returns it as stored; undefined for an empty code. */
export async function savePlayer(db: Db, input: PlayerInput): Promise<Player | undefined> {
  const table = await readPlayers(db);
  const p = clean(input, Math.max(0, ...table.map((x) => x.sort)) + 1);
  if (!p) return undefined;
  await write(db, [...table.filter((x) => x.from !== p.from), p]);
  return p;
}

/** Remove one player (its lines are then labelled with the code). False when the code was not in the table. */
export async function deletePlayer(db: Db, from: string): Promise<boolean> {
  const table = await readPlayers(db);
  const rest = table.filter((x) => x.from !== from);
  if (rest.length === table.length) return false;
  await write(db, rest);
  return true;
}
