/**
 * Console: community settings (issue 16 items 7 and 8; the safety layer, server modules/community): the word list
 * (each listed word in a comment, movie request, feedback or report is replaced by `***`), review-first (new comments
 * wait for approval on the Comments page), the per-minute write limits per user and per IP address, the repeat
 * window, and the muted users (mute one by user id, unmute). Comments on/off is the App config page's
 * `comment_status`. Calls: adminGetCommunitySettings, adminUpdateCommunitySettings, adminListCommunityMutes,
 * adminMuteUser, adminUnmuteUser. Names are shown as plain text (antd/React escaping).
 */
import { COMMUNITY_WORD_MAX, COMMUNITY_WORDS_MAX, type CommunityMute, type CommunitySettings } from '@openvod/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Space, Switch, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import { call } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { DataTable, formatTime, LoadError, PageSpin, useAction } from '../../ui.tsx';

const SETTINGS_KEY = ['admin', 'community', 'settings'];
const MUTES_KEY = ['admin', 'community', 'mutes'];

/** The form's shape: the word list as text, one word per line (commas also separate). */
type FormValues = Omit<CommunitySettings, 'words'> & { words: string };

/** The words typed in the list box: split on new lines and commas (ASCII and Chinese), trimmed, empty ones dropped. */
export function parseWords(text: string): string[] {
  return text
    .split(/[\n,，、]/)
    .map((w) => w.trim())
    .filter(Boolean);
}

export default function CommunitySettingsPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<FormValues>();
  const [muteForm] = Form.useForm<{ user_id: number; days?: number | null; reason?: string }>();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => call('adminGetCommunitySettings', { signal }),
  });
  const mutes = useQuery({ queryKey: MUTES_KEY, queryFn: ({ signal }) => call('adminListCommunityMutes', { signal }) });
  useEffect(() => {
    const info = settings.data?.info;
    if (info) form.setFieldsValue({ ...info, words: info.words.join('\n') });
  }, [settings.data, form]);
  const save = useAction({
    mutationFn: (v: FormValues) =>
      call('adminUpdateCommunitySettings', { body: { ...v, words: parseWords(v.words ?? '') } }),
    invalidate: [SETTINGS_KEY],
  });
  const mute = useAction({
    mutationFn: (v: { user_id: number; days?: number | null; reason?: string }) =>
      call('adminMuteUser', {
        params: { id: v.user_id },
        body: { reason: v.reason?.trim() ?? '', ...(v.days ? { days: v.days } : {}) },
      }),
    invalidate: [MUTES_KEY],
    success: 'community.mutedDone',
    onSuccess: () => muteForm.resetFields(),
  });
  const unmute = useAction({
    mutationFn: (id: number) => call('adminUnmuteUser', { params: { id } }),
    invalidate: [MUTES_KEY],
    success: 'community.unmutedDone',
  });

  if (!settings.data) return settings.error ? <LoadError error={settings.error} /> : <PageSpin />;

  const columns: ColumnsType<CommunityMute> = [
    { title: 'ID', dataIndex: 'user_id', width: 80 },
    {
      title: t('community.col.user'),
      dataIndex: 'user_name',
      render: (name: string, row) => (
        <span data-testid="mute-user">
          {row.user_nick_name || name}
          {row.user_nick_name && row.user_nick_name !== name && (
            <Typography.Text type="secondary"> ({name})</Typography.Text>
          )}
        </span>
      ),
    },
    { title: t('community.col.reason'), dataIndex: 'reason', render: (r: string) => r || '—' },
    {
      title: t('community.col.until'),
      dataIndex: 'until',
      render: (iso: string | null) => (
        <span style={{ whiteSpace: 'nowrap' }}>{iso ? formatTime(iso) : t('community.untilUnmuted')}</span>
      ),
    },
    {
      title: t('community.col.since'),
      dataIndex: 'created_at',
      render: (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(iso)}</span>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, row) => (
        <Popconfirm
          title={t('community.unmuteConfirm', { name: row.user_nick_name || row.user_name })}
          okText={t('community.unmute')}
          cancelText={t('common.cancel')}
          okButtonProps={{ 'data-testid': 'unmute-ok' }}
          onConfirm={() => unmute.mutateAsync(row.user_id).catch(() => undefined)}
        >
          <Button size="small" data-testid="unmute">
            {t('community.unmute')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  const int = (name: keyof FormValues, label: string, help: string, min: number, max: number, unit?: string) => (
    <Form.Item name={name} label={label} extra={help} rules={[{ required: true }]} style={{ maxWidth: 260 }}>
      <InputNumber min={min} max={max} precision={0} addonAfter={unit} style={{ width: 180 }} data-testid={name} />
    </Form.Item>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} data-testid="community-settings">
        <Card
          title={t('nav.communitySettings')}
          extra={
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="community-save">
              {t('common.save')}
            </Button>
          }
        >
          <Form.Item
            name="review_first"
            label={t('community.reviewFirst')}
            extra={t('community.reviewFirstHelp')}
            valuePropName="checked"
          >
            <Switch data-testid="review-first" />
          </Form.Item>
          <Space wrap size={24} align="start">
            {int('user_per_minute', t('community.userPerMinute'), t('community.perMinuteHelp'), 1, 1000)}
            {int('ip_per_minute', t('community.ipPerMinute'), t('community.perMinuteHelp'), 1, 10000)}
            {int('repeat_window_s', t('community.repeatWindow'), t('community.repeatWindowHelp'), 0, 86400, 's')}
          </Space>
          <Form.Item
            name="words"
            label={t('community.words')}
            extra={t('community.wordsHelp', { max: COMMUNITY_WORDS_MAX, len: COMMUNITY_WORD_MAX })}
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  const words = parseWords(v ?? '');
                  if (words.length > COMMUNITY_WORDS_MAX)
                    throw new Error(t('community.wordsTooMany', { max: COMMUNITY_WORDS_MAX }));
                  const long = words.find((w) => w.length > COMMUNITY_WORD_MAX);
                  if (long) throw new Error(t('community.wordTooLong', { word: long, len: COMMUNITY_WORD_MAX }));
                },
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 4, maxRows: 14 }}
              style={{ maxWidth: 560 }}
              placeholder={t('community.wordsPlaceholder')}
              data-testid="community-words"
            />
          </Form.Item>
          <Typography.Text type="secondary">{t('community.commentSwitchHint')}</Typography.Text>
        </Card>
      </Form>
      <Card title={t('community.mutes')}>
        <Form
          form={muteForm}
          layout="inline"
          onFinish={(v) => mute.mutate(v)}
          style={{ marginBottom: 16, rowGap: 8 }}
          data-testid="mute-form"
        >
          <Form.Item name="user_id" rules={[{ required: true, message: t('community.userIdRequired') }]}>
            <InputNumber min={1} precision={0} placeholder={t('community.userId')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="days">
            <InputNumber
              min={1}
              max={3650}
              precision={0}
              placeholder={t('community.days')}
              addonAfter={t('community.daysUnit')}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="reason" rules={[{ max: 200 }]}>
            <Input placeholder={t('community.col.reason')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" danger loading={mute.isPending} data-testid="mute-submit">
              {t('community.mute')}
            </Button>
          </Form.Item>
        </Form>
        <LoadError error={mutes.error} />
        <DataTable<CommunityMute>
          rowKey="user_id"
          size="small"
          columns={columns}
          dataSource={mutes.data?.list ?? []}
          loading={mutes.isFetching}
          pagination={false}
          locale={{ emptyText: t('community.noMutes') }}
          data-testid="community-mutes"
        />
      </Card>
    </Space>
  );
}
