/**
 * The withdrawal settings form (adminGetCashSettings / adminUpdateCashSettings): amounts edited in yuan, sent in fen;
 * the fee rate in percent, sent in basis points.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Select, Space } from 'antd';
import { call, type Res } from '../../api.ts';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { useAction } from '../../ui.tsx';

type Settings = Res<'adminGetCashSettings'>['info'];

/** Query keys of the withdrawals page: the queue and the settings. */
export const cashKeys = { list: ['admin', 'cash'] as const, settings: ['admin', 'cash-settings'] as const };

/** The settings card below the queue; nothing until the settings have loaded. */
export function SettingsCard() {
  const { t } = useI18n();
  const settings = useQuery({
    queryKey: cashKeys.settings,
    queryFn: ({ signal }) => call('adminGetCashSettings', { signal }),
  });
  const save = useAction({
    mutationFn: (body: Partial<Settings>) => call('adminUpdateCashSettings', { body }),
    invalidate: [cashKeys.settings],
  });
  const info = settings.data?.info;
  const modes = settings.data?.modes ?? [];
  if (!info) return null;
  const yuanField = (name: keyof Settings, label: MessageKey) => (
    <Form.Item name={name} label={t(label)}>
      <InputNumber min={0} step={0.01} precision={2} addonAfter="¥" style={{ width: 180 }} />
    </Form.Item>
  );
  const initial = {
    ...info,
    min_fen: info.min_fen / 100,
    fee_fixed_fen: info.fee_fixed_fen / 100,
    daily_fen: info.daily_fen / 100,
    monthly_fen: info.monthly_fen / 100,
    auto_approve_fen: info.auto_approve_fen / 100,
    fee_bp: info.fee_bp / 100,
  };
  const toFen = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  return (
    <Card title={t('cash.settings')} style={{ marginTop: 16 }} data-testid="cash-settings">
      <Form
        layout="vertical"
        initialValues={initial}
        onFinish={(v: Record<string, unknown>) =>
          save.mutate({
            min_fen: toFen(v.min_fen),
            fee_bp: toFen(v.fee_bp),
            fee_fixed_fen: toFen(v.fee_fixed_fen),
            daily_count: Number(v.daily_count ?? 0),
            daily_fen: toFen(v.daily_fen),
            monthly_count: Number(v.monthly_count ?? 0),
            monthly_fen: toFen(v.monthly_fen),
            auto_approve_fen: toFen(v.auto_approve_fen),
            payout_mode: v.payout_mode as Settings['payout_mode'],
          })
        }
      >
        <Space wrap size={16} align="start">
          <Form.Item name="payout_mode" label={t('cash.payoutMode')} extra={t('cash.payoutModeHelp')}>
            <Select
              style={{ width: 200 }}
              options={modes.map((m) => ({ value: m, label: t(`cash.mode.${m}` as MessageKey) }))}
              data-testid="cash-mode"
            />
          </Form.Item>
          {yuanField('min_fen', 'cash.minimum')}
          <Form.Item name="fee_bp" label={t('cash.feeRate')}>
            <InputNumber min={0} max={50} step={0.1} precision={2} addonAfter="%" style={{ width: 160 }} />
          </Form.Item>
          {yuanField('fee_fixed_fen', 'cash.feeFixed')}
        </Space>
        <Space wrap size={16} align="start">
          <Form.Item name="daily_count" label={t('cash.dailyCount')} extra={t('cash.zeroNone')}>
            <InputNumber min={0} max={1000} style={{ width: 140 }} />
          </Form.Item>
          {yuanField('daily_fen', 'cash.dailyFen')}
          <Form.Item name="monthly_count" label={t('cash.monthlyCount')}>
            <InputNumber min={0} max={10000} style={{ width: 140 }} />
          </Form.Item>
          {yuanField('monthly_fen', 'cash.monthlyFen')}
          <Form.Item name="auto_approve_fen" label={t('cash.autoApprove')} extra={t('cash.autoApproveHelp')}>
            <InputNumber min={0} step={0.01} precision={2} addonAfter="¥" style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="cash-settings-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
