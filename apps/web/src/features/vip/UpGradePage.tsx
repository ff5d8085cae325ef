/**
 * Upgrade with points (spec §2 me/plog/up-grade; §7 upgrade; MacCMS upgrade, research/maccms.md §3.3): each VIP
 * period with its points price and the user's points; the time stacks onto an unexpired end. Plans with no points
 * price are not sold for points.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { createAttemptKeys } from '../../lib/idempotency';
import { useSession } from '../../lib/session';
import { confirm, toast, toastError } from '../../ui/feedback';
import { CoinIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, queryStateView } from '../../ui/StateViews';
import { billingApi, type VipGroup, type VipPlan } from './billingApi';
import { MemberCard } from './MemberCard';
import { refreshMembership, useVipGroups } from './queries';
import { useVipText } from './text';
import styles from './vip.module.css';

/** Failure code of upgrade when the user's points do not cover the price (contract BillingErrorCode). */
const INSUFFICIENT_POINTS = 3003;

export default function UpGradePage() {
  const { t } = useTranslation();
  const text = useVipText();
  const groups = useVipGroups();
  const user = useSession((s) => s.user);
  const [keys] = useState(createAttemptKeys);
  const points = groups.data?.user?.user_points ?? user?.user_points ?? 0;

  const client = useQueryClient();
  const upgradeMutation = useMutation({
    // One key per attempt: after a timeout, pressing again retries the same attempt (spent at most once).
    mutationFn: (p: VipPlan) =>
      keys.run(`${p.group_id}:${p.long}`, (key) => billingApi.upgrade({ group_id: p.group_id, long: p.long }, key)),
    onSuccess: async () => {
      // The new membership (user, VIP queries) and the points it cost (the points screens).
      await Promise.all([refreshMembership(), client.invalidateQueries({ queryKey: ['points'] })]);
      toast(t('vip.upgradeOk'), 'success');
    },
    onError: (err) =>
      err instanceof ApiError && err.code === INSUFFICIENT_POINTS
        ? toast(t('vip.notEnoughPoints'), 'fail')
        : toastError(err, t('common.loadingFailed')),
  });
  const busy = upgradeMutation.isPending;

  async function upgrade(g: VipGroup, p: VipPlan) {
    const ok = await confirm({
      title: t('pages.upGrade'),
      content: t('vip.upgradeConfirm', { points: p.points, plan: text.planName(g, p.long) }),
      confirmText: <span data-testid="upgrade-confirm-ok">{t('vip.upgradeBtn')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    upgradeMutation.mutate(p);
  }

  const stateView = queryStateView([groups]);
  const list = (groups.data?.list ?? [])
    .map((g) => ({ ...g, plans: g.plans.filter((p) => p.points > 0) }))
    .filter((g) => g.plans.length > 0);

  return (
    <div className={styles.pagePlain}>
      <PageHeader title={t('pages.upGrade')} />
      <MemberCard />
      <section className={styles.section}>
        <div className={styles.row}>
          <CoinIcon size={22} />
          <span className={styles.rowMain}>{t('vip.myPoints')}</span>
          <span className={styles.points} data-testid="upgrade-points">
            {points}
          </span>
        </div>
      </section>
      {stateView ??
        (list.length === 0 ? (
          <EmptyView title={t('vip.notForPoints')} />
        ) : (
          list.map((g) => (
            <section key={g.group_id} className={styles.section}>
              <h2 className={styles.sectionTitle}>{text.groupName(g)}</h2>
              {g.plans.map((p) => {
                const enough = points >= p.points;
                return (
                  <div key={p.plan_id} className={styles.row} data-testid={`upgrade-plan-${p.long}`}>
                    <span className={styles.rowMain}>
                      <span>{text.longName(p.long)}</span>
                      <small className={styles.points}>{t('vip.pointsPrice', { count: p.points })}</small>
                    </span>
                    <button
                      type="button"
                      className={enough ? styles.smallPrimary : styles.small}
                      disabled={!enough || busy}
                      onClick={() => void upgrade(g, p)}
                      data-testid={`upgrade-buy-${p.long}`}
                    >
                      {enough ? t('vip.upgradeBtn') : t('vip.notEnoughPoints')}
                    </button>
                  </div>
                );
              })}
              <p className={styles.note}>{t('vip.upgradeHint')}</p>
            </section>
          ))
        ))}
    </div>
  );
}
