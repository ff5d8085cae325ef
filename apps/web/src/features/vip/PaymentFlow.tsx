/**
 * The payment flow of spec §4: generating order -> order generated -> open payment -> (the payer comes back) ask
 * whether payment finished -> verify order -> paid (VIP active) or 'Order unpaid' (§8). An existing unpaid order blocks
 * a new purchase (§4): the user is offered to pay it or cancel it (cancel asks for confirmation). Buy-center and the
 * order list share it through {@link usePaymentFlow}, which returns the actions and the dialog to render.
 *
 * "Comes back" is noticed three ways: the payment window closes, the payment window returns to the app (the provider's
 * return URL opens order-list, which messages its opener, see OrderListPage), or this tab becomes visible again after
 * being hidden. When the payment opened in this tab instead, the pages ask on return (payOpen `pendingPayment`).
 */
import type { PayChannel } from '@openvod/contract';
import { Dialog, type DialogProps, DotLoading } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../lib/queryClient';
import { confirm, toast } from '../../ui/feedback';
import { billingApi, type MemberState, type Order, type PaymentAction } from './billingApi';
import { formatYuan } from './money';
import styles from './PaymentFlow.module.css';
import { detectScene, openPayment, pickScene, RETURN_MESSAGE, setPendingPayment } from './payOpen';
import { refreshMembership, vipKeys } from './queries';
import { useVipText } from './text';

type Action = Exclude<NonNullable<DialogProps['actions']>[number], readonly unknown[]>;

type Step =
  | { step: 'idle' }
  | { step: 'generating' }
  | { step: 'existing'; order: Order }
  | { step: 'generated'; order: Order; action: PaymentAction }
  | { step: 'waiting'; order: Order; action: PaymentAction }
  | { step: 'qr'; order: Order; codeUrl: string }
  | { step: 'ask'; orderCode: string }
  | { step: 'verifying' }
  | { step: 'paid'; order: Order; member: MemberState }
  | { step: 'unpaid'; order: Order };

export interface PaymentFlow {
  /** Buy a plan through a channel (login and a chosen channel are the caller's checks, spec §5). */
  buy: (groupId: number, long: Order['order_long'], channel: PayChannel) => Promise<void>;
  /** Pay an unpaid order (optionally through another channel). */
  pay: (order: Order, channel?: PayChannel) => Promise<void>;
  /** Ask whether the payment of `orderCode` finished (the payer came back). */
  ask: (orderCode: string) => void;
  /** Verify an order with the provider. */
  verify: (orderCode: string) => Promise<void>;
  /** Cancel an unpaid order after confirmation. */
  cancel: (order: Order) => Promise<void>;
  /** True while a dialog of the flow is open. */
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
  const payWindow = useRef<Window | null>(null);
  const channelsRef = useRef(channels);
  channelsRef.current = channels;

  const fail = useCallback(
    (err: unknown) => {
      setState({ step: 'idle' });
      toast(message(err, t('vip.payFailed')), 'fail');
    },
    [t],
  );

  const gopay = useCallback(async (order: Order, channel?: PayChannel) => {
    const ch = channel ?? order.order_pay_type;
    const scenes = (channelsRef.current.find((c) => c.channel === ch)?.scenes ?? []) as Parameters<typeof pickScene>[1];
    const res = await billingApi.gopay({
      order_code: order.order_code,
      channel: ch,
      scene: pickScene(detectScene(), scenes),
    });
    setState({ step: 'generated', order: res.info, action: res.action });
  }, []);

  const buy = useCallback<PaymentFlow['buy']>(
    async (groupId, long, channel) => {
      setState({ step: 'generating' });
      try {
        const res = await billingApi.buy({ group_id: groupId, long, channel });
        void queryClient.invalidateQueries({ queryKey: vipKeys.all });
        if (res.existing) {
          setState({ step: 'existing', order: res.info });
          return;
        }
        await gopay(res.info, channel);
      } catch (err) {
        fail(err);
      }
    },
    [gopay, fail],
  );

  const pay = useCallback<PaymentFlow['pay']>(
    async (order, channel) => {
      setState({ step: 'generating' });
      try {
        await gopay(order, channel);
      } catch (err) {
        fail(err);
      }
    },
    [gopay, fail],
  );

  const ask = useCallback((orderCode: string) => setState({ step: 'ask', orderCode }), []);

  const verify = useCallback(
    async (orderCode: string) => {
      setState({ step: 'verifying' });
      try {
        const res = await billingApi.verifyOrder(orderCode);
        setPendingPayment(undefined);
        if (res.paid) {
          await refreshMembership();
          setState({ step: 'paid', order: res.info, member: res.user });
        } else {
          void queryClient.invalidateQueries({ queryKey: vipKeys.all });
          setState({ step: 'unpaid', order: res.info });
        }
      } catch (err) {
        fail(err);
      }
    },
    [fail],
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
        const res = await billingApi.cancelOrder(order.order_code);
        setPendingPayment(undefined);
        if (res.info.order_status === 'paid') {
          // The provider said it was paid before it could be closed: paid wins.
          await refreshMembership();
          await verify(order.order_code);
          return;
        }
        setState({ step: 'idle' });
        toast(t('vip.cancelled'), 'success');
      } catch (err) {
        toast(message(err, t('common.loadingFailed')), 'fail');
      } finally {
        void queryClient.invalidateQueries({ queryKey: vipKeys.all });
      }
    },
    [t, verify],
  );

  /** Open the payment: must run synchronously inside the tap (new windows are allowed only then). */
  const open = useCallback(
    (order: Order, action: PaymentAction) => {
      if (action.kind === 'qr') {
        setState({ step: 'qr', order, codeUrl: action.codeUrl });
        return;
      }
      const opened = openPayment(order.order_code, action);
      if (opened.where === 'window') {
        payWindow.current = opened.win;
        setState({ step: 'waiting', order, action });
      } else if (opened.where === 'none') {
        fail(new Error(t('vip.payFailed')));
      }
    },
    [fail, t],
  );

  // While the payment window is open: notice the payer coming back.
  const waitingCode = state.step === 'waiting' ? state.order.order_code : undefined;
  useEffect(() => {
    if (!waitingCode) return;
    let hidden = document.visibilityState === 'hidden';
    const back = () => {
      payWindow.current = null;
      setState((s) => (s.step === 'waiting' ? { step: 'ask', orderCode: waitingCode } : s));
    };
    const timer = setInterval(() => {
      if (payWindow.current?.closed) back();
    }, 500);
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: unknown; order_code?: unknown } | null;
      if (e.origin === window.location.origin && data?.type === RETURN_MESSAGE && data.order_code === waitingCode)
        back();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hidden = true;
      else if (hidden) back();
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      window.removeEventListener('message', onMessage);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [waitingCode]);

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
  switch (state.step) {
    case 'idle':
      break;
    case 'generating':
    case 'verifying':
      content = (
        <div className={styles.progress} data-testid={`pay-${state.step}`}>
          <DotLoading color="primary" />
          <span>{state.step === 'generating' ? t('vip.generating') : t('vip.verifying')}</span>
        </div>
      );
      break;
    case 'existing':
      title = <span data-testid="pay-existing">{t('vip.existingTitle')}</span>;
      content = (
        <>
          <p className={styles.hint}>{t('vip.existingText')}</p>
          {summary(state.order)}
        </>
      );
      actions = [
        act('pay', t('vip.payIt'), 'pay-existing-pay', () => void pay(state.order), { bold: true }),
        act('cancel', t('vip.cancelOrder'), 'pay-existing-cancel', () => void cancel(state.order), { danger: true }),
        act('close', t('common.close'), 'pay-close', close),
      ];
      break;
    case 'generated':
      title = <span data-testid="pay-generated">{t('vip.generated')}</span>;
      content = summary(state.order);
      actions = [
        act('open', t('vip.openPay'), 'pay-open', () => open(state.order, state.action), { bold: true }),
        act('cancel', t('vip.cancelOrder'), 'pay-cancel', () => void cancel(state.order), { danger: true }),
        act('close', t('vip.payLater'), 'pay-close', close),
      ];
      break;
    case 'waiting':
      title = <span data-testid="pay-waiting">{t('vip.waitingTitle')}</span>;
      content = <p className={styles.hint}>{t('vip.waitingText')}</p>;
      actions = [
        act('done', t('vip.payDone'), 'pay-done', () => void verify(state.order.order_code), { bold: true }),
        act('reopen', t('vip.reopen'), 'pay-reopen', () => open(state.order, state.action)),
      ];
      break;
    case 'qr':
      title = <span data-testid="pay-qr">{t('vip.scanTitle')}</span>;
      content = (
        <div className={styles.qr}>
          <div className={styles.qrBox}>
            <QRCodeSVG value={state.codeUrl} size={188} marginSize={2} data-testid="pay-qr-code" />
          </div>
          <p className={styles.hint}>{t('vip.scanText', { channel: text.channelName(state.order.order_pay_type) })}</p>
          <strong className={styles.price}>{formatYuan(state.order.order_price)}</strong>
        </div>
      );
      actions = [
        act('done', t('vip.payDone'), 'pay-done', () => void verify(state.order.order_code), { bold: true }),
        act('close', t('vip.payLater'), 'pay-close', close),
      ];
      break;
    case 'ask':
      title = <span data-testid="pay-ask">{t('vip.askTitle')}</span>;
      content = <p className={styles.hint}>{t('vip.askText')}</p>;
      actions = [
        act('done', t('vip.payDone'), 'pay-ask-done', () => void verify(state.orderCode), { bold: true }),
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
                group_id: state.member.group_id,
                group_name: state.member.group_name || state.order.group_name,
              }),
            })}
          </p>
          {state.member.user_end_time > 0 && (
            <p className={styles.hint} data-testid="pay-success-until">
              {t('vip.until', { date: dateOf(state.member.user_end_time) })}
            </p>
          )}
        </div>
      );
      actions = [act('ok', t('vip.ok'), 'pay-success-ok', close, { bold: true })];
      break;
    case 'unpaid': {
      const order = state.order;
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
      visible={state.step !== 'idle'}
      title={title}
      content={<div data-testid="pay-dialog">{content}</div>}
      actions={actions}
      closeOnMaskClick={false}
    />
  );

  return { buy, pay, ask, verify, cancel, busy: state.step !== 'idle', view };
}
