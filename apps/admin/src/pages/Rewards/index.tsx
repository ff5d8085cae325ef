/**
 * Console: rewarded ads (issue 7 items 3 and 6): the daily caps per user (rewarded views, rewarded downloads) and the
 * nonce lifetime (adminGetRewardSettings / adminUpdateRewardSettings); nonces issued and rewards completed by
 * network, ad and purpose between two operator days; the latest 50 nonces; whether the AdMob key URL and the uni-ad
 * secret are configured (adminRewardsReport).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, InputNumber, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { type Body, call, type Res } from '../../api.ts';
import { useDayRange } from '../../dayRange.tsx';
import { useI18n } from '../../i18n.ts';
import { DataTable, ListCard, useAction } from '../../ui.tsx';

type Report = Res<'adminRewardsReport'>;
type Row = Report['list'][number];
type NonceRow = Report['recent'][number];
type Settings = Body<'adminUpdateRewardSettings'>;
const settingsKey = ['admin', 'rewards', 'settings'] as const;

const STATUS_COLOR: Record<string, string> = {
  issued: 'default',
  started: 'processing',
  granted: 'success',
  expired: 'warning',
  capped: 'error',
};

function SettingsCard() {
  const { t } = useI18n();
  const q = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => call('adminGetRewardSettings', { signal }) });
  const [form] = Form.useForm<Settings>();
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data.info);
  }, [q.data, form]);
  const save = useAction({
    mutationFn: (v: Settings) => call('adminUpdateRewardSettings', { body: v }),
    invalidate: [settingsKey],
  });
  return (
    <ListCard title={t('rewards.settings')} error={q.error} help={t('rewards.settingsHelp')} testId="reward-settings">
      <Form<Settings> form={form} layout="inline" onFinish={(v) => save.mutate(v)}>
        <Form.Item name="daily_cap_view" label={t('rewards.capView')}>
          <InputNumber min={0} max={1000} precision={0} data-testid="reward-cap-view" />
        </Form.Item>
        <Form.Item name="daily_cap_download" label={t('rewards.capDownload')}>
          <InputNumber min={0} max={1000} precision={0} />
        </Form.Item>
        <Form.Item name="nonce_ttl_min" label={t('rewards.ttl')}>
          <InputNumber min={1} max={1440} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="reward-settings-save">
          {t('common.save')}
        </Button>
      </Form>
    </ListCard>
  );
}

export default function RewardsPage() {
  const { t } = useI18n();
  // The server's default range (its last 7 operator days) until the operator picks days.
  const { query, picker } = useDayRange();
  const q = useQuery({
    queryKey: ['admin', 'rewards', 'report', query],
    queryFn: ({ signal }) => call('adminRewardsReport', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const purpose = (p: string) => (p === 'view' ? t('rewards.purpose.view') : t('rewards.purpose.download'));
  const columns: ColumnsType<Row> = [
    { title: t('rewards.col.network'), dataIndex: 'network' },
    {
      title: t('rewards.col.ad'),
      key: 'ad',
      render: (_v, r) => (r.ad_id === null ? '-' : `${r.ad_name} #${r.ad_id}`),
    },
    { title: t('rewards.col.purpose'), dataIndex: 'purpose', render: (p: string) => purpose(p) },
    { title: t('rewards.col.issued'), dataIndex: 'issued', align: 'right' },
    { title: t('rewards.col.granted'), dataIndex: 'granted', align: 'right' },
  ];
  const recentColumns: ColumnsType<NonceRow> = [
    {
      title: t('rewards.col.created'),
      dataIndex: 'created_at',
      render: (v: string) => dayjs(v).format('MM-DD HH:mm:ss'),
    },
    { title: t('rewards.col.user'), dataIndex: 'user_id' },
    { title: t('rewards.col.network'), dataIndex: 'network' },
    { title: t('rewards.col.purpose'), dataIndex: 'purpose', render: (p: string) => purpose(p) },
    { title: t('rewards.col.ad'), dataIndex: 'ad_id', render: (v: number | null) => v ?? '-' },
    {
      title: t('rewards.col.status'),
      dataIndex: 'status',
      render: (s: string) => <Tag color={STATUS_COLOR[s] ?? 'default'}>{s}</Tag>,
    },
    { title: t('rewards.col.transaction'), dataIndex: 'transaction_id', render: (v: string | null) => v ?? '-' },
    { title: t('rewards.col.nonce'), dataIndex: 'nonce', render: (v: string) => <code>{v.slice(0, 10)}…</code> },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <SettingsCard />
      <Card>
        <Descriptions size="small" column={1} title={t('rewards.networks')}>
          <Descriptions.Item label="AdMob SSV">
            <code>/api/rewards/callback/admob</code>
          </Descriptions.Item>
          <Descriptions.Item label={`AdMob ${t('rewards.admobKeys')}`}>
            <code>{q.data?.networks.admob_keys_url ?? ''}</code>
          </Descriptions.Item>
          <Descriptions.Item label="uni-ad">
            {q.data?.networks.uniad_configured ? (
              <Tag color="success">{t('rewards.configured')}</Tag>
            ) : (
              <Tag>{t('rewards.notConfigured')}</Tag>
            )}{' '}
            <code>/api/rewards/callback/uniad</code>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <ListCard
        title={t('rewards.report')}
        error={q.error}
        help={t('rewards.reportHelp')}
        testId="rewards-report"
        extra={picker(q.data)}
      >
        <DataTable<Row>
          rowKey={(r) => `${r.network}-${r.ad_id ?? 0}-${r.purpose}`}
          columns={columns}
          dataSource={q.data?.list ?? []}
          loading={q.isLoading}
          pagination={false}
        />
      </ListCard>
      <ListCard title={t('rewards.recent')} error={q.error} testId="rewards-recent">
        <DataTable<NonceRow>
          rowKey="nonce"
          columns={recentColumns}
          dataSource={q.data?.recent ?? []}
          loading={q.isLoading}
          pagination={false}
        />
      </ListCard>
    </Space>
  );
}
