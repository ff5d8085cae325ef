/**
 * Group rights per category (MacCMS `mac_group.group_type` / `group_popedom`, research/maccms.md §1.2): what applies,
 * and what a newly created category gets.
 *
 * The rule (quotas.service.ts `rightsOf` applies it to play and download through {@link effectiveRights}): a group may open the categories
 * listed in `group_type`; on such a category its rights are the `group_popedom` entry, or, when the operator never
 * set one, every right but try-see (1 list, 2 detail, 3 play, 4 download). A category outside `group_type` has none.
 */
import type { NewTypeRights } from '@openvod/contract';
import type { Db } from '../../db/client.ts';
import * as repo from './accounts.repo.ts';

/** Rights of a category of `group_type` without a `group_popedom` entry (not configured = not restricted). */
export const UNSET_RIGHTS = [1, 2, 3, 4];

/** Ids of a `group_type` comma list. */
export function typeIdsOf(groupType: string): number[] {
  return groupType
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** The rights that apply, per category id of `group_type` (see the module comment). */
export function effectiveRights(g: {
  group_type: string;
  group_popedom: Record<string, number[]>;
}): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const id of typeIdsOf(g.group_type)) {
    const set = g.group_popedom[String(id)];
    out[String(id)] = set ? [...new Set(set)].sort((a, b) => a - b) : [...UNSET_RIGHTS];
  }
  return out;
}

/** The `new_type_rights` entry of a group: 1 guest, 2 member, every group above 2 VIP. */
export function defaultRightsOf(groupId: number, rights: NewTypeRights): number[] {
  const list = groupId === 1 ? rights.guest : groupId === 2 ? rights.member : rights.vip;
  return [...new Set(list)].sort((a, b) => a - b);
}

/** A category just created, as {@link grantNewTypes} needs it. */
export interface NewType {
  type_id: number;
  type_name: string;
  type_pid: number;
}

/** What each group got on one new category. */
export interface GrantedType extends NewType {
  groups: Array<{ group_id: number; group_name: string; rights: number[] }>;
}

/**
 * Give newly created categories the operator's default rights (catalogue settings `new_type_rights`) in every group,
 * inside the caller's transaction (`tx`): a group whose default is not empty gets the category in `group_type` and
 * the rights in `group_popedom`. A sub-category is given only to the groups that may open its parent (the parent's
 * rights decide play and download; this keeps a VIP-only section VIP-only). Disabled groups get them too, so they
 * apply when the group is switched on again. Returns what every group got (empty rights: nothing).
 */
export async function grantNewTypes(tx: Db, types: NewType[], rights: NewTypeRights): Promise<GrantedType[]> {
  if (types.length === 0) return [];
  const groups = await repo.listGroups(tx);
  const granted: GrantedType[] = types.map((t) => ({ ...t, groups: [] }));
  for (const g of groups) {
    const ids = typeIdsOf(g.group_type);
    const popedom = { ...g.group_popedom };
    const base = defaultRightsOf(g.group_id, rights);
    for (const entry of granted) {
      const parentOpen = entry.type_pid === 0 || ids.includes(entry.type_pid);
      const got = parentOpen ? base : [];
      entry.groups.push({ group_id: g.group_id, group_name: g.group_name, rights: got });
      if (got.length === 0) continue;
      if (!ids.includes(entry.type_id)) ids.push(entry.type_id);
      popedom[String(entry.type_id)] = got;
    }
    const groupType = [...new Set(ids)].sort((a, b) => a - b).join(',');
    if (groupType.length > 1000) {
      // Past the column's limit: this group gets nothing (and the result says so); the operator tidies it by hand.
      for (const entry of granted) {
        const mine = entry.groups.at(-1);
        if (mine) mine.rights = [];
      }
      continue;
    }
    await repo.updateGroup(tx, g.group_id, { group_type: groupType, group_popedom: popedom });
  }
  return granted;
}
