/**
 * Console orders: one order's drawer (adminGetOrder with the provider's live record, its verified payments) and its
 * close button (adminCloseOrder).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Result, Space, Typography } from 'antd';
import { call, errorMessage } from '../../api.ts';
import {
  billingKeys,
  channelLabel,
  fenToYuan,
  longLabel,
  paymentOutcomeLabel,
  priceKindLabel,
  StatusTag,
  tradeStateLabel,
} from '../../billing.tsx';
import { useI18n } from '../../i18n.ts';
import { PageSpin, useAction, when } from '../../ui.tsx';

export function Json({ value }: { value: unknown }) {
  return (
    <pre
      style={{
        margin: 0,
        maxHeight: 260,
        overflow: 'auto',
        padding: 8,
        background: '#fafafa',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function OrderDrawer({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useI18n();
  const order = useQuery({
    queryKey: billingKeys.order(code),
    queryFn: ({ signal }) => call('adminGetOrder', { params: { order_code: code }, signal }),
  });
  const close = useAction({
    mutationFn: () => call('adminCloseOrder', { params: { order_code: code } }),
    invalidate: [billingKeys.orders, billingKeys.order(code)],
    success: 'billing.order.closed',
  });
  const info = order.data?.info;
  const provider = order.data?.provider;
  return (
    <Drawer
      open
      onClose={onClose}
      size={640}
      title={`${t('billing.order.title')} ${code}`}
      destroyOnHidden
      data-testid="order-drawer"
      extra={
        info?.order_status === 'unpaid' && (
          <Popconfirm
            title={t('billing.order.closeConfirm')}
            okText={t('billing.order.close')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
            onConfirm={() => close.mutateAsync().catch(() => undefined)}
          >
            <Button danger loading={close.isPending} data-testid="order-close">
              {t('billing.order.close')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {order.isError && <Result status="error" title={errorMessage(order.error, t('common.loadFailed'))} />}
      {!info && !order.isError && <PageSpin />}
      {info && (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('billing.order.code')}>
              <Typography.Text copyable>{info.order_code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.status')}>
              <StatusTag status={info.order_status} t={t} />
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.user')}>
              {info.user_name} (#{info.user_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.plan')}>
              {info.group_name} · {longLabel(info.order_long, t)} ({info.order_days})
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.amount')}>
              ¥{fenToYuan(info.order_price)} · {priceKindLabel(info.order_price_kind, t)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.channel')}>
              {channelLabel(info.order_pay_type, t)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.time')}>{when(info.order_time)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.order.payTime')}>{when(info.order_pay_time)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.order.expireTime')}>{when(info.order_expire_time)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.order.closeTime')}>{when(info.order_close_time)}</Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>{t('billing.order.provider')}</Typography.Title>
            {order.data?.provider_error && (
              <Alert type="warning" showIcon title={order.data.provider_error} style={{ marginBottom: 8 }} />
            )}
            {provider ? (
              <Space orientation="vertical" style={{ width: '100%' }} data-testid="order-provider">
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('billing.order.providerStatus')}>
                    <span data-testid="order-provider-status" data-status={provider.status}>
                      {tradeStateLabel(provider.status, t)}
                    </span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('billing.order.txn')}>
                    {provider.provider_txn_id ?? '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('billing.order.amount')}>
                    {provider.amount === null ? '-' : `¥${fenToYuan(provider.amount)}`}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('billing.order.payTime')}>{when(provider.paid_at)}</Descriptions.Item>
                </Descriptions>
                <Json value={provider.raw} />
              </Space>
            ) : (
              !order.data?.provider_error && <Typography.Text type="secondary">-</Typography.Text>
            )}
          </div>

          <div>
            <Typography.Title level={5}>{t('billing.order.payments')}</Typography.Title>
            {(order.data?.payments ?? []).length === 0 ? (
              <Typography.Text type="secondary">{t('billing.order.noPayments')}</Typography.Text>
            ) : (
              order.data?.payments.map((p) => (
                <div key={`${p.channel}:${p.provider_txn_id}`} style={{ marginBottom: 12 }} data-testid="order-payment">
                  <Typography.Text strong>
                    {channelLabel(p.channel, t)} · {p.provider_txn_id} · ¥{fenToYuan(p.amount)} ·{' '}
                    <span data-testid="order-payment-status" data-status={p.status}>
                      {paymentOutcomeLabel(p.status, t)}
                    </span>{' '}
                    · {when(p.created_at)}
                  </Typography.Text>
                  <Json value={p.raw} />
                </div>
              ))
            )}
          </div>
        </Space>
      )}
    </Drawer>
  );
}
