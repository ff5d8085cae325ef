/**
 * Movie requests and feedback (issue "community" item 8; modules/gbook): the Requests page lists requests by state
 * (requesting / resolved), shown or hidden, searchable; resolve one by picking a title (the requester sees a badge and
 * the link), reply, hide or show. The Feedback page lists feedback (optionally only unreplied ones) with the app
 * version, device and screenshots; reply (the author sees a badge and the reply). User text is rendered as React text
 * (antd escapes it), never as HTML. Calls: adminGbookList, adminGbookResolve, adminGbookReply, adminGbookStatus.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Image, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, errorMessage, type Res } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { FilteredTable, formatTime, intParam, useUrlQuery, VodPicker } from '../../ui.tsx';

type Item = Res<'adminGbookList'>['list'][number];
const listKey = ['gbook', 'list'] as const;

export default function GbookPage({ type }: { type: 'request' | 'feedback' }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const { search, update } = useUrlQuery();
  const state = (search.get('state') as 'all' | 'requesting' | 'resolved' | null) ?? 'all';
  const statusParam = search.get('status');
  const query = {
    type,
    state,
    status: statusParam === '0' || statusParam === '1' ? Number(statusParam) : undefined,
    unreplied: search.get('unreplied') === '1' ? 1 : 0,
    wd: search.get('wd') || undefined,
    page: intParam(search.get('page')) || 1,
    limit: intParam(search.get('limit')) || 20,
  };
  const [wd, setWd] = useState(query.wd ?? '');
  const [replying, setReplying] = useState<Item | null>(null);
  const [replyText, setReplyText] = useState('');
  const [resolving, setResolving] = useState<Item | null>(null);

  const list = useQuery({
    queryKey: [...listKey, query],
    queryFn: ({ signal }) => call('adminGbookList', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const onError = (e: unknown) => message.error(errorMessage(e, t('common.networkError')));

  const resolve = useMutation({
    mutationFn: (v: { id: number; vod_id: number }) =>
      call('adminGbookResolve', { params: { id: v.id }, body: { vod_id: v.vod_id } }),
    onSuccess: async () => {
      message.success(t('gbook.resolvedDone'));
      setResolving(null);
      await refresh();
    },
    onError,
  });
  const reply = useMutation({
    mutationFn: (v: { id: number; reply: string }) =>
      call('adminGbookReply', { params: { id: v.id }, body: { reply: v.reply } }),
    onSuccess: async () => {
      message.success(t('gbook.repliedDone'));
      setReplying(null);
      await refresh();
    },
    onError,
  });
  const setStatus = useMutation({
    mutationFn: (v: { id: number; status: number }) =>
      call('adminGbookStatus', { params: { id: v.id }, body: { status: v.status } }),
    onSuccess: refresh,
    onError,
  });

  // The author and, under it, when it was written (one column keeps the table within 1280 px).
  const author = (row: Item) => (
    <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
      {row.user_id ? (
        <span>
          {row.gbook_name || row.user_name} <Typography.Text type="secondary">#{row.user_id}</Typography.Text>
        </span>
      ) : (
        <Typography.Text type="secondary">{t('gbook.deletedUser')}</Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatTime(row.gbook_time)}
      </Typography.Text>
    </Space>
  );
  /** User text wraps within `max` px (long words and URLs too) instead of widening the table. */
  const wrap = (max: number) => ({ maxWidth: max, overflowWrap: 'anywhere' as const, whiteSpace: 'pre-wrap' as const });

  const requestColumns: ColumnsType<Item> = [
    { title: 'ID', dataIndex: 'gbook_id', width: 70 },
    {
      title: t('gbook.col.request'),
      key: 'request',
      render: (_v, row) => (
        <Space direction="vertical" size={2} style={wrap(300)}>
          {/* Plain text: React escapes it. */}
          <Typography.Text strong data-testid="gbook-title">
            {row.gbook_title}
          </Typography.Text>
          <span>
            {t('gbook.actor')}: {row.gbook_actor}
          </span>
          <span>
            {row.gbook_genres.map((g) => (
              <Tag key={g}>{g}</Tag>
            ))}
          </span>
          {row.gbook_content && <Typography.Text type="secondary">{row.gbook_content}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('gbook.col.hits'), dataIndex: 'gbook_hits', width: 80 },
    {
      title: t('gbook.col.state'),
      key: 'state',
      render: (_v, row) =>
        row.gbook_state === 'resolved' ? (
          <Space direction="vertical" size={2} style={wrap(180)}>
            <Tag color="green">{t('gbook.state.resolved')}</Tag>
            <span data-testid="gbook-vod">
              {row.vod_name} <Typography.Text type="secondary">#{row.vod_id}</Typography.Text>
            </span>
          </Space>
        ) : (
          <Tag color="gold">{t('gbook.state.requesting')}</Tag>
        ),
    },
  ];
  const feedbackColumns: ColumnsType<Item> = [
    { title: 'ID', dataIndex: 'gbook_id', width: 70 },
    {
      title: t('gbook.col.feedback'),
      key: 'feedback',
      render: (_v, row) => (
        <Space direction="vertical" size={4} style={wrap(420)}>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="gbook-content">
            {row.gbook_content}
          </Typography.Paragraph>
          {row.pics.length > 0 && (
            <Image.PreviewGroup>
              <Space size={4} wrap>
                {row.pics.map((p) => (
                  <Image
                    key={p}
                    src={p}
                    width={64}
                    height={64}
                    style={{ objectFit: 'cover' }}
                    data-testid="gbook-pic"
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[row.gbook_app_version && `v${row.gbook_app_version}`, row.gbook_device].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
  ];
  const columns: ColumnsType<Item> = [
    ...(type === 'request' ? requestColumns : feedbackColumns),
    { title: t('gbook.col.author'), key: 'author', render: (_v, row) => author(row) },
    {
      title: t('gbook.col.reply'),
      dataIndex: 'gbook_reply',
      render: (text: string) =>
        text ? (
          <div style={wrap(220)} data-testid="gbook-reply">
            {text}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('gbook.noReply')}</Typography.Text>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      // Kept in view when the table still scrolls sideways (narrow windows).
      fixed: 'right',
      render: (_v, row) => (
        <Space direction="vertical" size={4}>
          {type === 'request' && (
            <Button size="small" type="primary" onClick={() => setResolving(row)} data-testid="gbook-resolve">
              {row.gbook_state === 'resolved' ? t('gbook.changeTitle') : t('gbook.resolve')}
            </Button>
          )}
          <Button
            size="small"
            onClick={() => {
              setReplying(row);
              setReplyText(row.gbook_reply);
            }}
            data-testid="gbook-reply-open"
          >
            {t('gbook.reply')}
          </Button>
          <Button
            size="small"
            danger={row.gbook_status === 1}
            onClick={() => setStatus.mutate({ id: row.gbook_id, status: row.gbook_status === 1 ? 0 : 1 })}
            data-testid="gbook-toggle"
          >
            {row.gbook_status === 1 ? t('gbook.hide') : t('gbook.show')}
          </Button>
        </Space>
      ),
    },
  ];

  const apply = () => update({ wd: wd.trim(), page: undefined });
  return (
    <Card title={type === 'request' ? t('nav.requests') : t('nav.feedback')} styles={{ body: { paddingTop: 12 } }}>
      <FilteredTable<Item>
        list={list}
        query={query}
        update={update}
        rowKey="gbook_id"
        columns={columns}
        testId="gbook-table"
        filters={
          <>
            {type === 'request' && (
              <Select
                value={state}
                style={{ width: 140 }}
                onChange={(v) => update({ state: v === 'all' ? undefined : v, page: undefined })}
                options={[
                  { value: 'all', label: t('gbook.state.all') },
                  { value: 'requesting', label: t('gbook.state.requesting') },
                  { value: 'resolved', label: t('gbook.state.resolved') },
                ]}
                data-testid="gbook-state"
              />
            )}
            {type === 'feedback' && (
              <Select
                value={query.unreplied}
                style={{ width: 160 }}
                onChange={(v) => update({ unreplied: v ? 1 : undefined, page: undefined })}
                options={[
                  { value: 0, label: t('gbook.allFeedback') },
                  { value: 1, label: t('gbook.unreplied') },
                ]}
              />
            )}
            <Select
              value={query.status ?? -1}
              style={{ width: 120 }}
              onChange={(v) => update({ status: v === -1 ? undefined : v, page: undefined })}
              options={[
                { value: -1, label: t('gbook.anyStatus') },
                { value: 1, label: t('gbook.shown') },
                { value: 0, label: t('gbook.hidden') },
              ]}
            />
            <Input
              allowClear
              placeholder={t('gbook.search')}
              value={wd}
              onChange={(e) => setWd(e.target.value)}
              onPressEnter={apply}
              style={{ width: 200 }}
              data-testid="gbook-search"
            />
            <Button onClick={apply}>{t('gbook.searchButton')}</Button>
          </>
        }
      />
      <Modal
        open={resolving !== null}
        title={t('gbook.resolveTitle', { title: resolving?.gbook_title ?? '' })}
        onCancel={() => setResolving(null)}
        footer={null}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('gbook.resolveHelp')}</Typography.Paragraph>
        <VodPicker
          testId="gbook-vod-picker"
          disabled={resolve.isPending}
          onPick={(v) => resolving && resolve.mutate({ id: resolving.gbook_id, vod_id: v.vod_id })}
        />
      </Modal>
      <Modal
        open={replying !== null}
        title={t('gbook.replyTitle')}
        onCancel={() => setReplying(null)}
        onOk={() => replying && reply.mutate({ id: replying.gbook_id, reply: replyText.trim() })}
        okButtonProps={{ loading: reply.isPending, ...({ 'data-testid': 'gbook-reply-ok' } as object) }}
        okText={t('gbook.sendReply')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        {replying && (
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
            {replying.gbook_type === 'request' ? replying.gbook_title : replying.gbook_content}
          </Typography.Paragraph>
        )}
        <Input.TextArea
          rows={4}
          maxLength={1000}
          value={replyText}
          onChange={(e) => setReplyText(e.target.value)}
          data-testid="gbook-reply-text"
        />
      </Modal>
    </Card>
  );
}
