/**
 * The payment flow of spec §4: generating order -> open payment -> (the payer comes back) check the order -> paid
 * (VIP active), or, only while the answer is still unknown, ask whether payment finished -> verify order -> paid or
 * 'Order unpaid' (§8). An existing unpaid order blocks a new purchase (§4): the user is offered to pay it or cancel
 * it (cancel asks for confirmation). Buy-center and the order list share it through {@link usePaymentFlow}, which
 * returns the actions and the dialog to render.
 *
 * One tap reaches the cashier: buy (or pay) creates the order, opens the payment and goes there in this tab (payOpen
 * `openPayment`; a QR code is shown in the dialog instead). The order is remembered (payOpen `pendingPayment`).
 *
 * "Comes back" is noticed when the app opens again (the provider's return URL or the back button: the pages call
 * {@link PaymentFlow.check}), when this page is shown again from the back-forward cache (`pageshow`), and, while a
 * payment is open (QR code, the question), when the page gets focus or becomes visible again; meanwhile the order is
 * also polled. The app asks "has the payment finished?" only when the order is still unpaid after that check.
 *
 * The writes (buy, gopay, verifyOrder, cancelOrder) are TanStack Query mutations (queries.ts `useBuyOrder`,
 * `useGopay`, `useVerifyOrder`, `useCancelOrder`), which invalidate what they change (orders, prices, the user's
 * membership); the progress screens (generating the order, verifying it) are those mutations pending, and the flow's
 * own state is only which screen of the dialog shows.
 */
import type { PayChannel } from '@openvod/contract';
import { Dialog, type DialogProps, DotLoading } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, toast } from '../../ui/feedback';
import { billingApi, type MemberState, type Order, type PaymentAction } from './billingApi';
import { formatYuan } from './money';
import styles from './PaymentFlow.module.css';
import { detectScene, openPayment, pendingPayment, pickScene, setPendingPayment } from './payOpen';
import { useBuyOrder, useCancelOrder, useGopay, useVerifyOrder } from './queries';
import { useVipText } from './text';

type Action = Exclude<NonNullable<DialogProps['actions']>[number], readonly unknown[]>;

/** The dialog's screens; while a write of the flow is on its way its progress shows instead ({@link Progress}). */
type Step =
  | { step: 'idle' }
  | { step: 'existing'; order: Order }
  | { step: 'opening' }
  | { step: 'qr'; order: Order; codeUrl: string }
  | { step: 'ask'; orderCode: string }
  | { step: 'paid'; order: Order; member: MemberState }
  | { step: 'unpaid'; order: Order };

/** A progress screen: the order being generated (buy, gopay pending), opened (leaving for the cashier), verified. */
type Progress = 'generating' | 'opening' | 'verifying';

/** How often an open payment (QR code shown, or the question asked) is polled, ms. */
const POLL_MS = 4000;

export interface PaymentFlow {
  /** Buy a plan through a channel and go to its payment at once (login and a chosen channel: the caller's checks). */
  buy: (groupId: number, long: Order['order_long'], channel: PayChannel) => Promise<void>;
  /** Pay an unpaid order (optionally through another channel). */
  pay: (order: Order, channel?: PayChannel) => Promise<void>;
  /**
   * The payer came back for `orderCode`: verify it; paid -> the success dialog (only when this device was waiting
   * for it, `pendingPayment`, else quietly); still unpaid -> ask whether payment finished; closed -> say so.
   */
  check: (orderCode: string) => Promise<void>;
  /** Verify an order with the provider. */
  verify: (orderCode: string) => Promise<void>;
  /** Cancel an unpaid order after confirmation. */
  cancel: (order: Order) => Promise<void>;
  /** True while a dialog of the flow is open or one of its writes is on its way. */
  busy: boolean;
  /** The flow's dialog: render it once in the page. */
  view: ReactNode;
}

function message(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** The spec §4 payment flow (see the module comment); `channels` gives each channel's pay scenes. */
export function usePaymentFlow(channels: readonly { channel: PayChannel; scenes: string[] }[] = []): PaymentFlow {
  const { t, i18n } = useTranslation();
  const text = useVipText();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const channelsRef = useRef(channels);
  channelsRef.current = channels;
  const { mutateAsync: buyOrder, isPending: buying } = useBuyOrder();
  const { mutateAsync: openOrder, isPending: paying } = useGopay();
  const { mutateAsync: verifyOrder, isPending: verifying } = useVerifyOrder();
  // The poll's own verification: quiet (no progress screen), beside one the payer may start.
  const { mutateAsync: verifyQuietly } = useVerifyOrder();
  const { mutateAsync: cancelOrder, isPending: cancelling } = useCancelOrder();
  const progress: Progress | undefined =
    buying || paying ? 'generating' : verifying ? 'verifying' : state.step === 'opening' ? 'opening' : undefined;

  const fail = useCallback(
    (err: unknown) => {
      setState({ step: 'idle' });
      toast(message(err, t('vip.payFailed')), 'fail');
    },
    [t],
  );

  /** Open the payment gopay returned: a QR code in the dialog, else the provider's page in this tab. */
  const open = useCallback(
    (order: Order, action: PaymentAction) => {
      if (action.kind === 'qr') {
        setPendingPayment(order.order_code);
        setState({ step: 'qr', order, codeUrl: action.codeUrl });
        return;
      }
      setState({ step: 'opening' });
      if (openPayment(order.order_code, action).where === 'none') fail(new Error(t('vip.payFailed')));
    },
    [fail, t],
  );

  const gopay = useCallback(
    async (order: Order, channel?: PayChannel) => {
      const ch = channel ?? order.order_pay_type;
      const scenes = (channelsRef.current.find((c) => c.channel === ch)?.scenes ?? []) as Parameters<
        typeof pickScene
      >[1];
      const res = await openOrder({
        order_code: order.order_code,
        channel: ch,
        scene: pickScene(detectScene(), scenes),
      });
      open(res.info, res.action);
    },
    [open, openOrder],
  );

  const buy = useCallback<PaymentFlow['buy']>(
    async (groupId, long, channel) => {
      try {
        const res = await buyOrder({ group_id: groupId, long, channel });
        if (res.existing) {
          setState({ step: 'existing', order: res.info });
          return;
        }
        await gopay(res.info, channel);
      } catch (err) {
        fail(err);
      }
    },
    [buyOrder, gopay, fail],
  );

  const pay = useCallback<PaymentFlow['pay']>(
    async (order, channel) => {
      try {
        await gopay(order, channel);
      } catch (err) {
        fail(err);
      }
    },
    [gopay, fail],
  );

  /**
   * Show a verified answer (the verify mutation has refreshed the membership or the orders): paid or not (`quiet`:
   * say nothing when it was paid).
   */
  const settle = useCallback((res: Awaited<ReturnType<typeof billingApi.verifyOrder>>, quiet = false) => {
    setPendingPayment(undefined);
    if (res.paid) setState(quiet ? { step: 'idle' } : { step: 'paid', order: res.info, member: res.user });
    else setState({ step: 'unpaid', order: res.info });
  }, []);

  const verify = useCallback(
    async (orderCode: string) => {
      try {
        settle(await verifyOrder(orderCode));
      } catch (err) {
        fail(err);
      }
    },
    [fail, settle, verifyOrder],
  );

  const check = useCallback<PaymentFlow['check']>(
    async (orderCode) => {
      const waited = pendingPayment() === orderCode;
      try {
        const res = await verifyOrder(orderCode);
        if (res.paid) {
          settle(res, !waited);
          return;
        }
        if (res.info.order_status !== 'unpaid') {
          // Cancelled or expired: said once, to the device that was waiting for it.
          setPendingPayment(undefined);
          setState(waited ? { step: 'unpaid', order: res.info } : { step: 'idle' });
          return;
        }
        // Still unpaid: the answer is unknown (paid elsewhere, notification late), so ask.
        setState({ step: 'ask', orderCode });
      } catch {
        // Not the user's order (another account signed in) or offline: nothing to say.
        setState({ step: 'idle' });
      }
    },
    [settle, verifyOrder],
  );

  const cancel = useCallback(
    async (order: Order) => {
      const ok = await confirm({
        title: <span data-testid="cancel-confirm">{t('vip.cancelTitle')}</span>,
        content: t('vip.cancelConfirm', { no: order.order_code }),
        confirmText: <span data-testid="cancel-confirm-ok">{t('vip.cancelOrder')}</span>,
        cancelText: t('vip.keepOrder'),
      });
      if (!ok) return;
      try {
        const res = await cancelOrder(order.order_code);
        setPendingPayment(undefined);
        if (res.info.order_status === 'paid') {
          // The provider said it was paid before it could be closed: paid wins (the membership is refreshed).
          await verify(order.order_code);
          return;
        }
        setState({ step: 'idle' });
        toast(t('vip.cancelled'), 'success');
      } catch (err) {
        toast(message(err, t('common.loadingFailed')), 'fail');
      }
    },
    [t, verify, cancelOrder],
  );

  // Back from the cashier through the back-forward cache: the page is shown as it was left ('opening').
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      const code = pendingPayment();
      if (code) void check(code);
      else setState((s) => (s.step === 'opening' ? { step: 'idle' } : s));
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [check]);

  // While a payment is open (QR code shown, or the question asked): poll the order, and look again at once when the
  // payer returns to this page (focus, visible). Paid -> the success dialog, without asking.
  // Not while a write of the flow is on its way (the payer's own verification, or paying again).
  const openCode = progress
    ? undefined
    : state.step === 'qr'
      ? state.order.order_code
      : state.step === 'ask'
        ? state.orderCode
        : undefined;
  useEffect(() => {
    if (!openCode) return;
    let busy = false;
    let stopped = false;
    // A look asked for while one is on its way (the payer came back just as a poll left): the answer on its way
    // may predate the payment, so one more look follows it rather than waiting for the next poll.
    let again = false;
    const look = async (): Promise<void> => {
      if (stopped) return;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        const res = await billingApi.orderInfo(openCode);
        if (!stopped && res.info.order_status === 'paid') {
          stopped = true;
          settle(await verifyQuietly(openCode));
        }
      } catch {
        // offline or signed out: the payer can still answer the question
      } finally {
        busy = false;
      }
      if (again) {
        again = false;
        await look();
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void look();
    };
    const timer = setInterval(() => void look(), POLL_MS);
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [openCode, settle, verifyQuietly]);

  const close = () => setState({ step: 'idle' });
  const dateOf = (seconds: number) => new Date(seconds * 1000).toLocaleDateString(i18n.language);

  const summary = (order: Order) => (
    <div className={styles.summary} data-testid="pay-order" data-order-code={order.order_code}>
      <div className={styles.line}>
        <span>{t('vip.plan')}</span>
        <strong>{text.planName(order, order.order_long)}</strong>
      </div>
      <div className={styles.line}>
        <span>{t('vip.amount')}</span>
        <strong className={styles.price}>{formatYuan(order.order_price)}</strong>
      </div>
      <div className={styles.line}>
        <span>{t('vip.channelLabel')}</span>
        <span>{text.channelName(order.order_pay_type)}</span>
      </div>
      <div className={styles.line}>
        <span>{t('vip.orderNo')}</span>
        <span className={styles.code}>{order.order_code}</span>
      </div>
    </div>
  );
  const act = (key: string, label: string, testId: string, onClick: () => void, extra: Partial<Action> = {}) => ({
    key,
    text: <span data-testid={testId}>{label}</span>,
    onClick,
    ...extra,
  });

  let title: ReactNode = null;
  let content: ReactNode = null;
  let actions: Action[] = [];
  const screen: Step | { step: Progress } = progress ? { step: progress } : state;
  switch (screen.step) {
    case 'idle':
      break;
    case 'generating':
    case 'opening':
    case 'verifying':
      content = (
        <div className={styles.progress} data-testid={`pay-${screen.step}`}>
          <DotLoading color="primary" />
          <span>{t(`vip.${screen.step}`)}</span>
        </div>
      );
      break;
    case 'existing':
      title = <span data-testid="pay-existing">{t('vip.existingTitle')}</span>;
      content = (
        <>
          <p className={styles.hint}>{t('vip.existingText')}</p>
          {summary(screen.order)}
        </>
      );
      actions = [
        act('pay', t('vip.payIt'), 'pay-existing-pay', () => void pay(screen.order), { bold: true }),
        act('cancel', t('vip.cancelOrder'), 'pay-existing-cancel', () => void cancel(screen.order), { danger: true }),
        act('close', t('common.close'), 'pay-close', close),
      ];
      break;
    case 'qr':
      title = <span data-testid="pay-qr">{t('vip.scanTitle')}</span>;
      content = (
        <div className={styles.qr}>
          <div className={styles.qrBox}>
            <QRCodeSVG value={screen.codeUrl} size={188} marginSize={2} data-testid="pay-qr-code" />
          </div>
          <p className={styles.hint}>{t('vip.scanText', { channel: text.channelName(screen.order.order_pay_type) })}</p>
          <strong className={styles.price}>{formatYuan(screen.order.order_price)}</strong>
        </div>
      );
      actions = [
        act('done', t('vip.payDone'), 'pay-done', () => void verify(screen.order.order_code), { bold: true }),
        act('close', t('common.close'), 'pay-close', close),
      ];
      break;
    case 'ask':
      title = <span data-testid="pay-ask">{t('vip.askTitle')}</span>;
      content = <p className={styles.hint}>{t('vip.askText')}</p>;
      actions = [
        act('done', t('vip.payDone'), 'pay-ask-done', () => void verify(screen.orderCode), { bold: true }),
        act(
          'not',
          t('vip.payNotDone'),
          'pay-ask-not',
          () => {
            setPendingPayment(undefined);
            close();
          },
          {},
        ),
      ];
      break;
    case 'paid':
      title = <span data-testid="pay-success">{t('vip.paid')}</span>;
      content = (
        <div className={styles.success}>
          <p>
            {t('vip.paidText', {
              group: text.groupName({
                group_id: screen.member.group_id,
                group_name: screen.member.group_name || screen.order.group_name,
              }),
            })}
          </p>
          {screen.member.user_end_time > 0 && (
            <p className={styles.hint} data-testid="pay-success-until">
              {t('vip.until', { date: dateOf(screen.member.user_end_time) })}
            </p>
          )}
        </div>
      );
      actions = [act('ok', t('vip.ok'), 'pay-success-ok', close, { bold: true })];
      break;
    case 'unpaid': {
      const order = screen.order;
      title = <span data-testid="pay-unpaid">{t('vip.unpaid')}</span>;
      content = (
        <>
          <p className={styles.hint}>
            {order.order_status === 'unpaid' ? t('vip.unpaidText') : text.statusName(order.order_status)}
          </p>
          {summary(order)}
        </>
      );
      actions =
        order.order_status === 'unpaid'
          ? [
              act('pay', t('vip.payIt'), 'pay-again', () => void pay(order), { bold: true }),
              act('cancel', t('vip.cancelOrder'), 'pay-unpaid-cancel', () => void cancel(order), { danger: true }),
              act('close', t('common.close'), 'pay-close', close),
            ]
          : [act('close', t('common.close'), 'pay-close', close)];
      break;
    }
  }

  const view = (
    <Dialog
      visible={screen.step !== 'idle'}
      title={title}
      content={<div data-testid="pay-dialog">{content}</div>}
      actions={actions}
      closeOnMaskClick={false}
    />
  );

  return { buy, pay, check, verify, cancel, busy: screen.step !== 'idle' || cancelling, view };
}
