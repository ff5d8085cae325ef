/**
 * The name of a user's group as the viewer app shows it. Group names are operator data (`mac_group.group_name`),
 * and the built-in groups are seeded in Chinese (research/maccms.md §1.5: 1 游客, 2 默认会员, 3 VIP会员). While a
 * built-in group still has its seeded name, the app shows the translation for the viewer's language (looked up
 * by group_id); a group the operator renamed, and every other group, shows its own name as written.
 */
import type { TFunction } from 'i18next';

/** The seeded names of the built-in groups (migration 0002_accounts.sql) and their translation keys. */
export const BUILT_IN_GROUPS: Readonly<
  Record<number, { seeded: string; key: 'me.groupGuest' | 'me.groupMember' | 'me.groupVip' }>
> = {
  1: { seeded: '游客', key: 'me.groupGuest' },
  2: { seeded: '默认会员', key: 'me.groupMember' },
  3: { seeded: 'VIP会员', key: 'me.groupVip' },
};

/** The display name of `group` in the current language; `me.member` when the user has no readable group. */
export function groupDisplayName(
  group: { group_id: number; group_name: string } | null | undefined,
  t: TFunction,
): string {
  const name = group?.group_name.trim() ?? '';
  if (!group || name === '') return t('me.member');
  const builtIn = BUILT_IN_GROUPS[group.group_id];
  return builtIn && builtIn.seeded === name ? t(builtIn.key) : name;
}
