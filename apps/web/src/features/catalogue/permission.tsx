/**
 * VIP-only sections (spec §2 "VIP-only sections show a dialog 'Kind reminder' with 'this section requires membership'
 * and an 'open VIP' button leading to buy-center"; §3 Category permission flag). getType returns `permission` per top
 * category for the caller's group; sub-categories inherit their parent's flag.
 */
import type { CategoryWithPermission } from '@openvod/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useJump } from '../../lib/navigation';
import { paths } from '../../lib/routes';
import { CrownIcon } from '../../ui/icons';
import styles from './permission.module.css';
import { useTypes } from './queries';

/** type_id (top and sub) → permission (1 open, 0 VIP-only). Categories missing from the list are not in the map. */
export function permissionMap(list: readonly CategoryWithPermission[] | undefined): Map<number, number> {
  const map = new Map<number, number>();
  for (const top of list ?? []) {
    const p = top.permission === 0 ? 0 : 1;
    map.set(top.type_id, p);
    for (const sub of top.child) map.set(sub.type_id, p);
  }
  return map;
}

/** True when the category is known to be VIP-only for the current user (unknown categories are open). */
export function isLocked(map: ReadonlyMap<number, number>, typeId: number | undefined): boolean {
  return typeId !== undefined && map.get(typeId) === 0;
}

/** Show the 'Kind reminder' dialog; 'open VIP' goes to buy-center (through login when nobody is signed in). */
export function useVipReminder(): () => Promise<void> {
  const { t } = useTranslation();
  const jump = useJump();
  return useCallback(async () => {
    // The dialog code loads on the first tap: it stays out of the home page's first download.
    const { confirm } = await import('../../ui/feedback');
    const open = await confirm({
      title: <span data-testid="vip-dialog">{t('vip.reminderTitle')}</span>,
      content: t('vip.reminderText'),
      confirmText: <span data-testid="vip-open">{t('vip.open')}</span>,
      cancelText: t('common.cancel'),
    });
    if (open) jump(paths.buyCenter, { login: true });
  }, [t, jump]);
}

/**
 * Guard for taps on a category: `guard(typeId)` returns true when the user may open it; otherwise it shows the
 * reminder dialog and returns false. `locked(typeId)` tells whether to mark it with a crown.
 */
export function useCategoryGuard() {
  const types = useTypes();
  const map = useMemo(() => permissionMap(types.data?.list), [types.data]);
  const remind = useVipReminder();
  const locked = useCallback((typeId: number | undefined) => isLocked(map, typeId), [map]);
  const guard = useCallback(
    (typeId: number | undefined) => {
      if (!isLocked(map, typeId)) return true;
      void remind();
      return false;
    },
    [map, remind],
  );
  return { guard, locked };
}

/** Small crown marking a VIP-only category. */
export function VipBadge() {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} title={t('vip.only')} data-testid="vip-badge">
      <CrownIcon size={12} />
      {t('vip.badge')}
    </span>
  );
}

/** The inline reminder (title page of a VIP-only title, spec §2): text and the 'open VIP' button. */
export function VipReminderPanel({ poster }: { poster?: string }) {
  const { t } = useTranslation();
  const jump = useJump();
  return (
    <div className={styles.panel} data-testid="vip-reminder">
      {poster && <img className={styles.backdrop} src={poster} alt="" />}
      <div className={styles.panelBody}>
        <CrownIcon size={28} />
        <strong>{t('vip.reminderTitle')}</strong>
        <p>{t('vip.reminderText')}</p>
        <button
          type="button"
          className={styles.open}
          onClick={() => jump(paths.buyCenter, { login: true })}
          data-testid="vip-open"
        >
          {t('vip.open')}
        </button>
      </div>
    </div>
  );
}
