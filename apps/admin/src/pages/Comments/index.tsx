/**
 * Comment moderation (issue 16 item 8): comments newest first, filtered by title (name or id), user (name or id)
 * and state (awaiting review, shown, hidden); approve, hide, delete (a top comment with its replies) and mute the
 * author through the community safety layer. Text is shown as plain text (React escaping). Calls: adminListComments,
 * adminSetCommentStatus, adminDeleteComment, and the safety layer's adminMuteUser (until unmuted on the Community
 * settings page).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, errorMessage, type Res } from '../../api.ts';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { FilteredTable, formatTime, intParam, useUrlQuery } from '../../ui.tsx';

type Item = Res<'adminListComments'>['list'][number];
const listKey = ['comments'] as const;

export const COMMENT_STATE_KEYS: Record<number, MessageKey> = {
  0: 'comments.state.pending',
  1: 'comments.state.shown',
  2: 'comments.state.hidden',
};
const STATE_COLOR: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'default' };

/**
 * The comment text column (comments and reports): at most 420 px, wrapping anywhere (a long word, a URL) and keeping
 * the writer's line breaks; the tables scroll sideways by their widest cell, so an unwrapped comment pushed the
 * user, title and state columns off a 1280 px screen.
 */
export const TEXT_COLUMN = { maxWidth: 420, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

/** A comment's state tag. */
export function CommentState({ status }: { status: number }) {
  const { t } = useI18n();
  const key = COMMENT_STATE_KEYS[status];
  return <Tag color={STATE_COLOR[status]}>{key ? t(key) : status}</Tag>;
}

export default function CommentsPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const { search, update } = useUrlQuery();
  const statusParam = search.get('status');
  const query = {
    vod: search.get('vod') || undefined,
    user: search.get('user') || undefined,
    status: statusParam === null || statusParam === '' ? undefined : Number(statusParam),
    page: intParam(search.get('page')) || 1,
    limit: intParam(search.get('limit')) || 20,
  };
  const [form, setForm] = useState({ vod: query.vod ?? '', user: query.user ?? '' });
  const list = useQuery({
    queryKey: [...listKey, query],
    queryFn: ({ signal }) => call('adminListComments', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const onError = (e: unknown) => message.error(errorMessage(e, t('common.networkError')));
  const setStatus = useMutation({
    mutationFn: (v: { id: number; status: 1 | 2 }) =>
      call('adminSetCommentStatus', { params: { id: v.id }, body: { status: v.status } }),
    onSuccess: async () => {
      message.success(t('comments.saved'));
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call('adminDeleteComment', { params: { id } }),
    onSuccess: async () => {
      message.success(t('common.deleted'));
      await refresh();
    },
    onError,
  });
  const mute = useMutation({
    mutationFn: (userId: number) => call('adminMuteUser', { params: { id: userId }, body: { reason: '' } }),
    onSuccess: () => message.success(t('comments.muted')),
    onError,
  });

  const columns: ColumnsType<Item> = [
    { title: 'ID', dataIndex: 'comment_id', width: 70 },
    {
      title: t('comments.col.text'),
      dataIndex: 'comment_content',
      render: (text: string, row) => (
        // The writer, title, time and address go under the text (as on the reports page), and a long comment wraps
        // within the column: the state, counts and actions stay on a 1280 px screen without scrolling sideways.
        <Space direction="vertical" size={2} style={TEXT_COLUMN}>
          {/* Plain text: React escapes it. */}
          <span data-testid="comment-text">{text}</span>
          {row.comment_pid > 0 && (
            <Typography.Text type="secondary">{t('comments.replyOf', { id: row.comment_pid })}</Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <span data-testid="comment-user">{row.comment_name || t('comments.deletedUser')}</span>
            {row.user_id > 0 && ` #${row.user_id}`} · {row.vod_name} #{row.comment_rid} · {formatTime(row.comment_time)}
            {row.comment_ip && ` · ${row.comment_ip}`}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('comments.col.state'), dataIndex: 'comment_status', render: (s: number) => <CommentState status={s} /> },
    {
      title: t('comments.col.counts'),
      key: 'counts',
      // The title ("Likes · replies · reports") wraps over the short counts.
      width: 110,
      render: (_v, row) => (
        // In the order of the column's title (likes · replies · reports).
        <span style={{ whiteSpace: 'nowrap' }} data-testid="comment-counts">
          {row.comment_up} · {row.comment_reply} · {row.comment_report}
        </span>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      // On a narrower screen the table scrolls sideways: the actions stay in view.
      fixed: 'right',
      width: 200,
      render: (_v, row) => (
        <Space size={4} wrap>
          {row.comment_status !== 1 && (
            <Button
              size="small"
              type="primary"
              onClick={() => setStatus.mutate({ id: row.comment_id, status: 1 })}
              data-testid="comment-approve"
            >
              {t('comments.approve')}
            </Button>
          )}
          {row.comment_status !== 2 && (
            <Button
              size="small"
              onClick={() => setStatus.mutate({ id: row.comment_id, status: 2 })}
              data-testid="comment-hide"
            >
              {t('comments.hide')}
            </Button>
          )}
          <Popconfirm
            title={t('comments.deleteConfirm')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'comment-delete-ok' }}
            onConfirm={() => remove.mutateAsync(row.comment_id).catch(() => undefined)}
          >
            <Button size="small" danger data-testid="comment-delete">
              {t('common.delete')}
            </Button>
          </Popconfirm>
          {row.user_id > 0 && (
            <Popconfirm
              title={t('comments.muteConfirm', { name: row.comment_name })}
              okText={t('comments.mute')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'comment-mute-ok' }}
              onConfirm={() => mute.mutateAsync(row.user_id).catch(() => undefined)}
            >
              <Button size="small" data-testid="comment-mute">
                {t('comments.mute')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const apply = () => update({ vod: form.vod.trim(), user: form.user.trim(), page: undefined });
  return (
    <Card title={t('nav.comments')} styles={{ body: { paddingTop: 12 } }}>
      <FilteredTable<Item>
        list={list}
        query={query}
        update={update}
        rowKey="comment_id"
        columns={columns}
        testId="comments-table"
        filters={
          <>
            <Input
              allowClear
              placeholder={t('comments.searchTitle')}
              value={form.vod}
              onChange={(e) => setForm({ ...form, vod: e.target.value })}
              onPressEnter={apply}
              style={{ width: 200 }}
              data-testid="comments-search-title"
            />
            <Input
              allowClear
              placeholder={t('comments.searchUser')}
              value={form.user}
              onChange={(e) => setForm({ ...form, user: e.target.value })}
              onPressEnter={apply}
              style={{ width: 180 }}
              data-testid="comments-search-user"
            />
            <Select
              allowClear
              placeholder={t('comments.col.state')}
              value={query.status}
              onChange={(v) => update({ status: v === undefined ? undefined : String(v), page: undefined })}
              style={{ width: 140 }}
              options={[0, 1, 2].map((s) => ({ value: s, label: t(COMMENT_STATE_KEYS[s] as MessageKey) }))}
              data-testid="comments-state"
            />
            <Button type="primary" onClick={apply} data-testid="comments-search">
              {t('comments.search')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
