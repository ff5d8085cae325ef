/**
 * Order centre (spec §2 me/plog/order-list; §3 Order: order number, pay time, expiry, state; §4 Order: awaiting
 * payment, paid, cancelled, expired; an unpaid order can be paid, cancelled with a confirm prompt, or verified). An
 * infinite list, newest first.
 *
 * It is also where a payment provider sends the payer back (`?order_code=`): the order is checked at once (paid: the
 * success dialog), and the app asks whether payment finished only while it is still unpaid (PaymentFlow `check`).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InfiniteFooter, nextPageLoader } from '../../ui/InfiniteFooter';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, queryStateView } from '../../ui/StateViews';
import type { Order } from './billingApi';
import { formatYuan } from './money';
import { usePaymentFlow } from './PaymentFlow';
import { pendingPayment } from './payOpen';
import { useOrderField, useOrders } from './queries';
import { useVipText } from './text';
import styles from './vip.module.css';

export default function OrderListPage() {
  const { t, i18n } = useTranslation();
  const text = useVipText();
  const [params, setParams] = useSearchParams();
  const returned = params.get('order_code') ?? '';
  const orders = useOrders();
  const fields = useOrderField();
  const flow = usePaymentFlow(fields.data?.channels ?? []);

  // Back from the provider (its return URL names the order) or with a payment open: check it, ask only if still
  // unknown. The order number leaves the address, so a reload does not check (or ask) again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    const code = returned || pendingPayment();
    if (returned) setParams({}, { replace: true });
    if (code) void flow.check(code);
  }, []);

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '');
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  const stateView = queryStateView([orders]);

  function timeRows(o: Order): [string, string][] {
    const rows: [string, string][] = [[t('vip.orderTime'), when(o.order_time)]];
    if (o.order_status === 'paid' && o.order_pay_time) rows.push([t('vip.payTime'), when(o.order_pay_time)]);
    if (o.order_status === 'unpaid') rows.push([t('vip.expireTime'), when(o.order_expire_time)]);
    if ((o.order_status === 'cancelled' || o.order_status === 'expired') && o.order_close_time)
      rows.push([t('vip.closeTime'), when(o.order_close_time)]);
    return rows;
  }

  return (
    <div className={styles.pagePlain}>
      <PageHeader title={t('pages.orderList')} />
      {stateView ??
        (list.length === 0 ? (
          <EmptyView title={t('vip.ordersEmpty')} />
        ) : (
          <>
            <div className={styles.orders} data-testid="order-list">
              {list.map((o) => (
                <article
                  key={o.order_code}
                  className={styles.order}
                  data-testid="order-item"
                  data-order-code={o.order_code}
                  data-status={o.order_status}
                >
                  <div className={styles.orderHead}>
                    <strong>{text.planName(o, o.order_long)}</strong>
                    <span className={styles.status} data-status={o.order_status} data-testid="order-status">
                      {text.statusName(o.order_status)}
                    </span>
                  </div>
                  <div className={styles.meta}>
                    <div>
                      <span>{t('vip.amount')}</span>
                      <span className={styles.amount}>{formatYuan(o.order_price)}</span>
                    </div>
                    <div>
                      <span>{t('vip.channelLabel')}</span>
                      <span>{text.channelName(o.order_pay_type)}</span>
                    </div>
                    <div>
                      <span>{t('vip.orderNo')}</span>
                      <span>{o.order_code}</span>
                    </div>
                    {timeRows(o).map(([label, value]) => (
                      <div key={label}>
                        <span>{label}</span>
                        <span>{value}</span>
                      </div>
                    ))}
                  </div>
                  {o.order_status === 'unpaid' && (
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={styles.smallDanger}
                        onClick={() => void flow.cancel(o)}
                        disabled={flow.busy}
                        data-testid="order-cancel"
                      >
                        {t('vip.cancelOrder')}
                      </button>
                      <button
                        type="button"
                        className={styles.small}
                        onClick={() => void flow.verify(o.order_code)}
                        disabled={flow.busy}
                        data-testid="order-verify"
                      >
                        {t('vip.verify')}
                      </button>
                      <button
                        type="button"
                        className={styles.smallPrimary}
                        onClick={() => void flow.pay(o)}
                        disabled={flow.busy}
                        data-testid="order-pay"
                      >
                        {t('vip.pay')}
                      </button>
                    </div>
                  )}
                </article>
              ))}
            </div>
            {/* The footer's end text speaks of movies: it is shown only while more orders remain. */}
            {orders.hasNextPage && <InfiniteFooter loadMore={nextPageLoader(orders)} hasMore />}
          </>
        ))}
      {flow.view}
    </div>
  );
}
