/**
 * The report queue (issue 16 item 8): comments with open reports, most reported first, with the reported text, its
 * reports by reason and the reporters' notes; resolve by hiding the comment or dismissing the reports. The resolved
 * reports can be reviewed with the state filter. Calls: adminListCommentReports, adminResolveCommentReports.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call, errorMessage, type Res } from '../../api.ts';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { FilteredTable, formatTime, intParam, useUrlQuery } from '../../ui.tsx';
import { CommentState, TEXT_COLUMN } from '../Comments/index.tsx';

type Item = Res<'adminListCommentReports'>['list'][number];
type State = 'open' | 'hidden' | 'dismissed';
const key = ['comment-reports'] as const;

export default function CommentReportsPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const { search, update } = useUrlQuery();
  const state = (['open', 'hidden', 'dismissed'] as const).find((s) => s === search.get('state')) ?? 'open';
  const query = {
    state,
    page: intParam(search.get('page')) || 1,
    limit: intParam(search.get('limit')) || 20,
  };
  const list = useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => call('adminListCommentReports', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const resolve = useMutation({
    mutationFn: (v: { id: number; action: 'hide' | 'dismiss' }) =>
      call('adminResolveCommentReports', { params: { id: v.id }, body: { action: v.action } }),
    onSuccess: async () => {
      message.success(t('comments.resolved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]);
    },
    onError: (e: unknown) => message.error(errorMessage(e, t('common.networkError'))),
  });

  const columns: ColumnsType<Item> = [
    { title: 'ID', dataIndex: 'comment_id', width: 70 },
    {
      title: t('comments.col.text'),
      dataIndex: 'comment_content',
      render: (text: string, row) => (
        <Space direction="vertical" size={2} style={TEXT_COLUMN}>
          {/* Plain text: React escapes it. */}
          <span data-testid="report-text">{text}</span>
          <Typography.Text type="secondary">
            {row.comment_name || t('comments.deletedUser')} · {row.vod_name} · {formatTime(row.comment_time)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('comments.col.state'), dataIndex: 'comment_status', render: (s: number) => <CommentState status={s} /> },
    {
      title: t('comments.col.reports'),
      key: 'reasons',
      render: (_v, row) => (
        <Space direction="vertical" size={4}>
          <span data-testid="report-count">{t('comments.reportCount', { n: row.reports })}</span>
          <Space size={4} wrap>
            {row.reasons.map((r) => (
              <Tag key={r.reason}>
                {t(`comments.reason.${r.reason}` as MessageKey)} × {r.count}
              </Tag>
            ))}
          </Space>
          {row.texts.map((x, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the notes have no id and never reorder
            <Typography.Text key={i} type="secondary">
              “{x}”
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, row) =>
        state === 'open' && (
          <Space size={4}>
            <Popconfirm
              title={t('comments.hideConfirm')}
              okText={t('comments.hide')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'report-hide-ok' }}
              onConfirm={() => resolve.mutateAsync({ id: row.comment_id, action: 'hide' }).catch(() => undefined)}
            >
              <Button size="small" danger data-testid="report-hide">
                {t('comments.hide')}
              </Button>
            </Popconfirm>
            <Button
              size="small"
              onClick={() => resolve.mutate({ id: row.comment_id, action: 'dismiss' })}
              data-testid="report-dismiss"
            >
              {t('comments.dismiss')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card title={t('nav.commentReports')} styles={{ body: { paddingTop: 12 } }}>
      <FilteredTable<Item>
        list={list}
        query={query}
        update={update}
        rowKey="comment_id"
        columns={columns}
        testId="reports-table"
        filters={
          <Segmented<State>
            value={state}
            onChange={(v) => update({ state: v, page: undefined })}
            options={(['open', 'hidden', 'dismissed'] as const).map((s) => ({
              value: s,
              label: t(`comments.report.${s}` as MessageKey),
            }))}
          />
        }
      />
    </Card>
  );
}
