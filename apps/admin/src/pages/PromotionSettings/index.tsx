/**
 * Console: promotion settings (issue "promotion" item 8): the programme switch, hold days, caps, the points rate
 * (`scale`, points per yuan), visit points, fraud-signal thresholds, the promoter levels (name, qualified invitees
 * needed, shares per depth in basis points, registration and daily-activity rewards in fen, the one agent level) and
 * the invitation tiers (adminGetPromotionSettings, adminUpdatePromotionSettings). The operator enters money in yuan
 * and shares in percent, like the withdrawal settings; the form's values (and what is saved) stay integers in fen and
 * basis points (yuan × 100, percent × 100).
 */
import type { AdminPromotionSettingsBody } from '@openvod/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { call, type Res } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { LoadError, PageSpin, useAction } from '../../ui.tsx';

type Data = Res<'adminGetPromotionSettings'>;
const KEY = ['admin', 'promotion', 'settings'];

/**
 * Shown ÷ 100 with two decimals (fen as yuan, basis points as percent), stored × 100 as an integer: the form keeps
 * the contract's units.
 */
const hundredths = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'number' ? v / 100 : v }),
  normalize: (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : v),
};

export default function PromotionSettingsPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<Required<AdminPromotionSettingsBody>>();
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call('adminGetPromotionSettings', { signal }) });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data as Data);
  }, [q.data, form]);
  const save = useAction({
    mutationFn: (body: AdminPromotionSettingsBody) => call('adminUpdatePromotionSettings', { body }),
    invalidate: [KEY],
  });
  if (!q.data) return q.error ? <LoadError error={q.error} /> : <PageSpin />;
  const int = (name: (string | number)[], label: string, max?: number) => (
    <Form.Item name={name} label={label} rules={[{ required: true }]}>
      <InputNumber min={0} max={max} precision={0} style={{ width: 160 }} />
    </Form.Item>
  );
  const yuan = (name: (string | number)[], label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true }]} {...hundredths}>
      <InputNumber min={0} step={0.01} precision={2} addonAfter="¥" style={{ width: 160 }} />
    </Form.Item>
  );
  return (
    <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} data-testid="promotion-settings">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title={t('promo.settings')} extra={<span>{t('promo.settingsHelp')}</span>}>
          <Space wrap size={24} align="start">
            <Form.Item name={['settings', 'enabled']} label={t('promo.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {int(['settings', 'hold_days'], t('promo.holdDays'), 90)}
            {int(['settings', 'reg_daily_cap'], t('promo.regDailyCap'))}
            {yuan(['settings', 'invitee_day_cap_fen'], t('promo.inviteeDayCap'))}
            {yuan(['settings', 'invitee_total_cap_fen'], t('promo.inviteeTotalCap'))}
            {int(['settings', 'scale'], t('promo.scale'))}
            {int(['settings', 'visit_points'], t('promo.visitPoints'))}
            {int(['settings', 'burst_per_day'], t('promo.burstPerDay'))}
            {int(['settings', 'inactive_days'], t('promo.inactiveDays'), 365)}
            <Form.Item name={['settings', 'tiers_enabled']} label={t('promo.tiersEnabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Card>
        <Card title={t('promo.levels')} extra={<span>{t('promo.levelsHelp')}</span>}>
          <Form.List name="levels">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} wrap align="end" style={{ marginBottom: 8 }} data-testid="level-row">
                    <Form.Item name={[f.name, 'level_id']} hidden>
                      <InputNumber />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'level_name']}
                      label={t('promo.levelName')}
                      rules={[{ required: true, max: 32 }]}
                    >
                      <Input style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'min_qualified']}
                      label={t('promo.minQualified')}
                      rules={[{ required: true }]}
                      initialValue={0}
                    >
                      <InputNumber min={0} precision={0} style={{ width: 110 }} />
                    </Form.Item>
                    {(
                      [
                        ['ratio_1', t('promo.ratio1'), '%', 100],
                        ['ratio_2', t('promo.ratio2'), '%', 100],
                        ['ratio_3', t('promo.ratio3'), '%', 100],
                        ['reg_reward_fen', t('promo.regReward'), '¥', undefined],
                        ['active_reward_fen', t('promo.activeReward'), '¥', undefined],
                      ] as const
                    ).map(([k, label, unit, max]) => (
                      <Form.Item
                        key={k}
                        name={[f.name, k]}
                        label={label}
                        rules={[{ required: true }]}
                        initialValue={0}
                        {...hundredths}
                      >
                        <InputNumber
                          min={0}
                          max={max}
                          step={0.01}
                          precision={2}
                          addonAfter={unit}
                          style={{ width: 130 }}
                        />
                      </Form.Item>
                    ))}
                    <Form.Item
                      name={[f.name, 'level_sort']}
                      label={t('promo.sort')}
                      rules={[{ required: true }]}
                      initialValue={0}
                    >
                      <InputNumber min={0} max={10000} precision={0} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'is_agent_level']}
                      label={t('promo.agentLevel')}
                      valuePropName="checked"
                      initialValue={false}
                    >
                      <Switch />
                    </Form.Item>
                    <Form.Item>
                      <Button danger onClick={() => remove(f.name)}>
                        {t('common.delete')}
                      </Button>
                    </Form.Item>
                  </Space>
                ))}
                <Button onClick={() => add({ level_name: '', min_qualified: 0, is_agent_level: false })}>
                  {t('promo.addLevel')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card title={t('promo.tiers')} extra={<span>{t('promo.tiersHelp')}</span>}>
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} wrap align="end" style={{ marginBottom: 8 }}>
                    {(
                      [
                        ['invites', t('promo.tierInvites'), 1],
                        ['points', t('promo.tierPoints'), 0],
                        ['group_id', t('promo.tierGroup'), 0],
                        ['vip_days', t('promo.tierVipDays'), 0],
                      ] as const
                    ).map(([k, label, min]) => (
                      <Form.Item
                        key={k}
                        name={[f.name, k]}
                        label={label}
                        rules={[{ required: true }]}
                        initialValue={min}
                      >
                        <InputNumber min={min} precision={0} style={{ width: 110 }} />
                      </Form.Item>
                    ))}
                    <Form.Item>
                      <Button danger onClick={() => remove(f.name)}>
                        {t('common.delete')}
                      </Button>
                    </Form.Item>
                  </Space>
                ))}
                <Button onClick={() => add()}>{t('promo.addTier')}</Button>
              </>
            )}
          </Form.List>
        </Card>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="promotion-save">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
