/**
 * Console: VIP plans and prices, and the payment channels (issue 6 item 8; spec §1 VIP purchase, §9 plans of 1 day,
 * 1 week, 1 month, 12 months in yuan). Each plan has an original price, a renewal-only price and a new-user-only
 * price, edited in yuan and stored in fen (adminCreatePlan / adminUpdatePlan), and a points price for `upgrade`
 * (0 = not sold for points). Channels show whether their keys are configured (a channel without keys is not offered).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type Body, call, type Res } from '../../api.ts';
import { billingKeys, channelLabel, fenToYuan, LONGS, type Long, longLabel, yuanToFen } from '../../billing.tsx';
import { useI18n } from '../../i18n.ts';
import { useGroups } from '../../queries.ts';
import { DataTable, ListCard, useAction } from '../../ui.tsx';

type Plan = Res<'adminListPlans'>['list'][number];
type Channel = Res<'adminListChannels'>['list'][number];

interface PlanForm {
  group_id?: number;
  long?: Long;
  price: string;
  price_renew: string;
  price_new: string;
  points: number;
  plan_status: boolean;
}

function PlanModal({ plan, onClose }: { plan: Plan | 'new'; onClose: () => void }) {
  const { t } = useI18n();
  const groups = useGroups();
  const [form] = Form.useForm<PlanForm>();
  const isNew = plan === 'new';
  const save = useAction({
    mutationFn: (v: PlanForm) => {
      const prices = {
        price: yuanToFen(v.price) ?? 0,
        price_renew: yuanToFen(v.price_renew) ?? 0,
        price_new: yuanToFen(v.price_new) ?? 0,
        points: v.points ?? 0,
        plan_status: v.plan_status ? 1 : 0,
      };
      if (isNew) {
        const body: Body<'adminCreatePlan'> = { group_id: v.group_id ?? 0, long: v.long ?? 'month', ...prices };
        return call('adminCreatePlan', { body });
      }
      return call('adminUpdatePlan', { params: { id: plan.plan_id }, body: prices });
    },
    invalidate: [billingKeys.plans],
    onSuccess: onClose,
  });
  const yuanRule = {
    validator: async (_r: unknown, value: string | undefined) => {
      const fen = yuanToFen(value);
      if (fen === undefined || fen < 1) throw new Error(t('billing.plan.yuanInvalid'));
    },
  };
  const initial: PlanForm = isNew
    ? { price: '', price_renew: '', price_new: '', points: 0, plan_status: true }
    : {
        group_id: plan.group_id,
        long: plan.long,
        price: fenToYuan(plan.price),
        price_renew: fenToYuan(plan.price_renew),
        price_new: fenToYuan(plan.price_new),
        points: plan.points,
        plan_status: plan.plan_status === 1,
      };
  return (
    <Modal
      open
      title={isNew ? t('billing.plan.add') : `${plan.group_name} · ${longLabel(plan.long, t)}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'plan-save' }}
      destroyOnHidden
    >
      <Form<PlanForm> form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)}>
        {isNew && (
          <Space.Compact block>
            <Form.Item
              name="group_id"
              label={t('billing.plan.group')}
              rules={[{ required: true, message: t('billing.plan.group') }]}
              style={{ flex: 1 }}
            >
              <Select
                options={(groups.data ?? [])
                  .filter((g) => g.group_id >= 3)
                  .map((g) => ({ value: g.group_id, label: `${g.group_name} (#${g.group_id})` }))}
              />
            </Form.Item>
            <Form.Item
              name="long"
              label={t('billing.plan.long')}
              rules={[{ required: true, message: t('billing.plan.long') }]}
              style={{ flex: 1 }}
            >
              <Select options={LONGS.map((l) => ({ value: l, label: longLabel(l, t) }))} />
            </Form.Item>
          </Space.Compact>
        )}
        {(['price', 'price_renew', 'price_new'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`billing.plan.${name}`)}
            extra={name === 'price' ? undefined : t(`billing.plan.${name}Hint`)}
            rules={[yuanRule]}
          >
            <Input prefix="¥" inputMode="decimal" style={{ maxWidth: 200 }} data-testid={`plan-${name}`} />
          </Form.Item>
        ))}
        <Form.Item name="points" label={t('billing.plan.points')} extra={t('billing.plan.pointsHint')}>
          <InputNumber min={0} max={1_000_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="plan_status" label={t('billing.plan.status')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function PlansPage() {
  const { t } = useI18n();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const plans = useQuery({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => call('adminListPlans', { signal }),
  });
  const channels = useQuery({
    queryKey: billingKeys.channels,
    queryFn: ({ signal }) => call('adminListChannels', { signal }),
  });

  const yuan = (fen: number) => <span style={{ whiteSpace: 'nowrap' }}>¥{fenToYuan(fen)}</span>;
  const columns: ColumnsType<Plan> = [
    {
      title: t('billing.plan.group'),
      dataIndex: 'group_name',
      render: (name: string, row) => (
        <span>
          {name} <Typography.Text type="secondary">#{row.group_id}</Typography.Text>
        </span>
      ),
    },
    { title: t('billing.plan.long'), dataIndex: 'long', render: (l: string) => longLabel(l, t) },
    { title: t('billing.plan.price'), dataIndex: 'price', render: yuan },
    { title: t('billing.plan.price_renew'), dataIndex: 'price_renew', render: yuan },
    { title: t('billing.plan.price_new'), dataIndex: 'price_new', render: yuan },
    { title: t('billing.plan.points'), dataIndex: 'points', render: (p: number) => p || '-' },
    {
      title: t('billing.plan.status'),
      dataIndex: 'plan_status',
      render: (s: number) =>
        s === 1 ? <Tag color="green">{t('billing.plan.onSale')}</Tag> : <Tag>{t('billing.plan.hidden')}</Tag>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, row) => (
        <Button size="small" onClick={() => setEditing(row)} data-testid={`plan-edit-${row.plan_id}`}>
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  const channelColumns: ColumnsType<Channel> = [
    { title: t('billing.channel.name'), dataIndex: 'channel', render: (c: string) => channelLabel(c, t) },
    {
      title: t('billing.channel.state'),
      dataIndex: 'configured',
      render: (ok: boolean, row) =>
        ok ? (
          <Tag color="green" data-testid={`channel-${row.channel}-on`}>
            {t('billing.channel.configured')}
          </Tag>
        ) : row.problem ? (
          <Tag color="red" data-testid={`channel-${row.channel}-off`}>
            {t('billing.channel.incomplete')}
          </Tag>
        ) : (
          <Tag data-testid={`channel-${row.channel}-off`}>{t('billing.channel.notConfigured')}</Tag>
        ),
    },
    { title: t('billing.channel.scenes'), dataIndex: 'scenes', render: (s: string[]) => s.join(', ') || '-' },
    {
      title: t('billing.channel.env'),
      dataIndex: 'env',
      render: (env: string[]) => (
        <Space size={4} wrap style={{ maxWidth: 460 }}>
          {env.map((e) => (
            <Typography.Text key={e} code>
              {e}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ListCard
        title={t('billing.plan.title')}
        help={t('billing.plan.help')}
        error={plans.error}
        testId="plans-card"
        extra={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="plan-add">
            {t('billing.plan.add')}
          </Button>
        }
      >
        <DataTable<Plan>
          rowKey="plan_id"
          columns={columns}
          dataSource={plans.data?.list ?? []}
          loading={plans.isPending}
          pagination={false}
        />
      </ListCard>
      <Card title={t('billing.channel.title')} data-testid="channels-card">
        <Typography.Paragraph type="secondary">{t('billing.channel.help')}</Typography.Paragraph>
        {(channels.data?.list ?? [])
          .filter((c) => c.problem)
          .map((c) => (
            <Alert
              key={c.channel}
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={channelLabel(c.channel, t)}
              description={t('billing.channel.problem', { problem: c.problem ?? '' })}
              data-testid={`channel-${c.channel}-problem`}
            />
          ))}
        <DataTable<Channel>
          rowKey="channel"
          columns={channelColumns}
          dataSource={channels.data?.list ?? []}
          loading={channels.isPending}
          pagination={false}
        />
      </Card>
      {editing && <PlanModal plan={editing} onClose={() => setEditing(null)} />}
    </Space>
  );
}
