/**
 * Member centre (spec §2 me/plog/buy-center, "VIP top-up"): the VIP plans of each group (1 day, 1 week, 1 month,
 * 12 months; §9) with their three prices (original, renewal-only for users who are or were VIP, new-user-only for
 * users who never bought; the server says which applies as `price_now` / `price_kind`), the payment channels offered,
 * and the spec §4 payment flow (PaymentFlow): one tap on the pay bar goes to the cashier. A channel must be chosen
 * (§5; the message shows in the pay bar, above its button), the only one when just one is offered; buying requires login (the route is wrapped in
 * RequireLogin).
 */
import { type PayChannel, PLAN_LONGS, type PlanLong } from '@openvod/contract';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/routes';
import { CoinIcon, HistoryIcon, TicketIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, queryStateView } from '../../ui/StateViews';
import { useGuestBuyGate } from '../account';
import type { VipPlan } from './billingApi';
import { MemberCard } from './MemberCard';
import { fenToYuan, formatYuan } from './money';
import { usePaymentFlow } from './PaymentFlow';
import { pendingPayment } from './payOpen';
import { useOrderField, useVipGroups } from './queries';
import { useVipText } from './text';
import styles from './vip.module.css';

const CHANNEL_MARKS: Record<PayChannel, { mark: string; color: string }> = {
  alipay: { mark: '支', color: '#1677ff' },
  wechat: { mark: '微', color: '#07c160' },
  fake: { mark: 'T', color: '#6f7380' },
};

/**
 * The plan chosen on this page, kept in its address (`?group_id=&long=`) so that it survives a trip to bind-phone or
 * login and back (bindGate.tsx returns to this address); undefined when none was chosen.
 */
function chosenPlan(params: URLSearchParams): { group_id: number; long: PlanLong } | undefined {
  const groupId = Number(params.get('group_id'));
  const long = params.get('long') as PlanLong | null;
  if (!Number.isSafeInteger(groupId) || groupId <= 0 || !long || !(PLAN_LONGS as readonly string[]).includes(long))
    return undefined;
  return { group_id: groupId, long };
}

/** The plan to preselect: 1 month when offered, else the first plan. */
function defaultPlan(plans: readonly VipPlan[]): VipPlan | undefined {
  return plans.find((p) => p.long === 'month') ?? plans[0];
}

export default function BuyCenterPage() {
  const { t } = useTranslation();
  const text = useVipText();
  const groups = useVipGroups();
  const fields = useOrderField();
  const channels = fields.data?.channels ?? [];
  const flow = usePaymentFlow(channels);
  const [params, setParams] = useSearchParams();
  const selected = chosenPlan(params);
  const setSelected = (p: { group_id: number; long: PlanLong }) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('group_id', String(p.group_id));
        next.set('long', p.long);
        return next;
      },
      { replace: true },
    );
  const [pickedChannel, setChannel] = useState<PayChannel>();
  // The only channel offered is chosen already: nothing to pick (with two or more the viewer picks one).
  const channel = pickedChannel ?? (channels.length === 1 ? channels[0]?.channel : undefined);
  const [error, setError] = useState('');
  const askGuestToBind = useGuestBuyGate();
  const channelSection = useRef<HTMLElement>(null);

  const allPlans = useMemo(() => (groups.data?.list ?? []).flatMap((g) => g.plans), [groups.data]);
  const plan =
    allPlans.find((p) => p.group_id === selected?.group_id && p.long === selected.long) ?? defaultPlan(allPlans);

  const planGroup = groups.data?.list.find((g) => g.group_id === plan?.group_id);

  // Back in this tab from a payment opened here (the back button): check the order; ask only if still unknown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    const code = pendingPayment();
    if (code) void flow.check(code);
  }, []);

  const stateView = queryStateView([groups, fields]);
  if (stateView) {
    return (
      <div className={styles.pagePlain}>
        <PageHeader title={t('pages.buyCenter')} />
        {stateView}
        {flow.view}
      </div>
    );
  }

  function buy() {
    if (!plan || askGuestToBind()) return;
    if (!channel) {
      setError(t('vip.chooseChannel'));
      // The choices the message asks for, brought into view above the bar.
      channelSection.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    setError('');
    void flow.buy(plan.group_id, plan.long, channel);
  }

  const priceRows: { kind: VipPlan['price_kind']; label: string; fen: number; hint?: string }[] = plan
    ? [
        { kind: 'original', label: t('vip.priceOriginal'), fen: plan.price },
        { kind: 'renew', label: t('vip.priceRenew'), fen: plan.price_renew, hint: t('vip.renewHint') },
        { kind: 'new', label: t('vip.priceNew'), fen: plan.price_new, hint: t('vip.newHint') },
      ]
    : [];

  const entries: { to: string; icon: ReactNode; label: string; testId: string }[] = [
    { to: paths.orderList, icon: <HistoryIcon size={22} />, label: t('vip.myOrders'), testId: 'vip-entry-orders' },
    { to: paths.upGrade, icon: <CoinIcon size={22} />, label: t('vip.upgradeEntry'), testId: 'vip-entry-upgrade' },
    {
      to: paths.redemptionCode,
      icon: <TicketIcon size={22} />,
      label: t('vip.redeemEntry'),
      testId: 'vip-entry-redeem',
    },
  ];

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.buyCenter')} />
      <MemberCard />
      <nav className={styles.entries}>
        {entries.map((e) => (
          <Link key={e.to} to={e.to} className={styles.entry} data-testid={e.testId}>
            <span className={styles.entryIcon}>{e.icon}</span>
            <span>{e.label}</span>
          </Link>
        ))}
      </nav>

      {allPlans.length === 0 ? (
        <EmptyView title={t('vip.noPlans')} />
      ) : (
        (groups.data?.list ?? [])
          .filter((g) => g.plans.length > 0)
          .map((g) => (
            <section key={g.group_id} className={styles.section} aria-label={g.group_name}>
              <h2 className={styles.sectionTitle}>{text.groupName(g)}</h2>
              <div className={styles.plans}>
                {g.plans.map((p) => {
                  const active = p.plan_id === plan?.plan_id;
                  return (
                    <button
                      key={p.plan_id}
                      type="button"
                      className={styles.plan}
                      aria-pressed={active}
                      onClick={() => setSelected({ group_id: p.group_id, long: p.long })}
                      data-testid={`vip-plan-${p.long}`}
                      data-group-id={p.group_id}
                    >
                      {p.price_kind !== 'original' && (
                        <span className={styles.tag}>
                          {p.price_kind === 'new' ? t('vip.priceNew') : t('vip.priceRenew')}
                        </span>
                      )}
                      <span className={styles.planLong}>{text.longName(p.long)}</span>
                      <span className={styles.planPrice}>
                        <small>¥</small>
                        {fenToYuan(p.price_now)}
                      </span>
                      {p.price !== p.price_now && <span className={styles.struck}>{formatYuan(p.price)}</span>}
                    </button>
                  );
                })}
              </div>
              {plan && plan.group_id === g.group_id && (
                <div className={styles.prices} data-testid="vip-prices">
                  {priceRows.map((r) => {
                    const applies = r.kind === plan.price_kind;
                    return (
                      <div
                        key={r.kind}
                        className={styles.priceRow}
                        data-applies={applies}
                        data-testid={`vip-price-${r.kind}`}
                      >
                        <span>{r.label}</span>
                        {applies && <span className={styles.applies}>{t('vip.yourPrice')}</span>}
                        <span className={r.kind === 'original' && !applies ? styles.struck : undefined}>
                          {formatYuan(r.fen)}
                        </span>
                      </div>
                    );
                  })}
                  <p className={styles.note}>
                    {t('vip.renewHint')}
                    <br />
                    {t('vip.newHint')}
                  </p>
                </div>
              )}
            </section>
          ))
      )}

      {allPlans.length > 0 && (
        <section className={styles.section} ref={channelSection}>
          <h2 className={styles.sectionTitle}>{t('vip.channelLabel')}</h2>
          {channels.length === 0 ? (
            <p className={styles.note}>{t('vip.noChannel')}</p>
          ) : (
            <div className={styles.channels} role="radiogroup" aria-label={t('vip.channelLabel')}>
              {channels.map((c) => (
                <label
                  key={c.channel}
                  className={styles.channel}
                  data-checked={channel === c.channel}
                  data-testid={`vip-channel-${c.channel}`}
                >
                  <input
                    type="radio"
                    name="pay-channel"
                    className="ov-visually-hidden"
                    checked={channel === c.channel}
                    onChange={() => {
                      setChannel(c.channel);
                      setError('');
                    }}
                  />
                  <span className={styles.channelMark} style={{ background: CHANNEL_MARKS[c.channel].color }}>
                    {CHANNEL_MARKS[c.channel].mark}
                  </span>
                  <span>{text.channelName(c.channel)}</span>
                  <span className={styles.radio} aria-hidden="true" />
                </label>
              ))}
            </div>
          )}
        </section>
      )}

      {plan && (
        <div className={styles.bar}>
          {/* In the bar, above the button: a message in the page would be hidden under this fixed bar. */}
          {error && (
            <p className={styles.barError} role="alert" data-testid="form-error">
              {error}
            </p>
          )}
          <div className={styles.barInfo}>
            <span>{text.planName(planGroup ?? { group_id: plan.group_id, group_name: '' }, plan.long)}</span>
            <strong data-testid="vip-total">{formatYuan(plan.price_now)}</strong>
          </div>
          <button
            type="button"
            className={styles.primary}
            onClick={buy}
            disabled={flow.busy || channels.length === 0}
            data-testid="vip-buy"
          >
            {t('vip.buyNow', { price: formatYuan(plan.price_now) })}
          </button>
        </div>
      )}
      {flow.view}
    </div>
  );
}
