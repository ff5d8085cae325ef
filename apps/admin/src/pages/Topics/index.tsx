/**
 * Special topics (`mac_topic`, issue 4 item 6): the list with publish switches, and a drawer that creates or edits a
 * topic: its texts and pictures, and its ordered titles (search to add, move up/down, remove), saved as `vod_ids`.
 * Calls adminListTopics, adminCreateTopic, adminUpdateTopic, adminDeleteTopic; titles are found with adminListVods
 * and named with adminGetVod.
 */
import type { Topic } from '@openvod/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { DataTable, DeleteButton, ListCard, RowMeta, switchColumn, Thumb, timeColumn, useAction } from '../../ui.tsx';
import { TopicDrawer } from './TopicDrawer.tsx';

export default function TopicsPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const [editing, setEditing] = useState<Topic | 'new' | null>(null);
  const topics = useQuery({
    queryKey: keys.topics,
    queryFn: ({ signal }) => call('adminListTopics', { signal }).then((r) => r.list),
  });
  const remove = useAction({
    mutationFn: (id: number) => call('adminDeleteTopic', { params: { id } }),
    invalidate: [keys.topics],
    success: 'common.deleted',
  });
  const toggle = useAction({
    mutationFn: (v: { id: number; topic_status: number }) =>
      call('adminUpdateTopic', { params: { id: v.id }, body: { topic_status: v.topic_status } }),
    invalidate: [keys.topics],
    success: null,
  });

  const columns: ColumnsType<Topic> = [
    {
      title: t('topic.col.pic'),
      dataIndex: 'topic_pic',
      width: 64,
      render: (pic: string, row) => <Thumb src={pic} alt={row.topic_name} />,
    },
    {
      title: t('topic.col.name'),
      dataIndex: 'topic_name',
      render: (name: string, row) => (
        <div style={{ minWidth: 160 }}>
          <Typography.Link strong onClick={() => setEditing(row)}>
            {name}
          </Typography.Link>
          <RowMeta id={row.topic_id} parts={[row.topic_sub, row.topic_en]} />
        </div>
      ),
    },
    {
      title: t('topic.col.titles'),
      dataIndex: 'vod_ids',
      width: 90,
      render: (ids: number[]) => <Tag>{ids.length}</Tag>,
    },
    { title: t('topic.f.topic_sort'), dataIndex: 'topic_sort', width: 70, responsive: ['md'] },
    { title: t('topic.f.topic_level'), dataIndex: 'topic_level', width: 70, responsive: ['lg'] },
    timeColumn(t('topic.col.time'), 'topic_time'),
    switchColumn<Topic>({
      title: t('topic.f.topic_status'),
      dataIndex: 'topic_status',
      name: (row) => row.topic_name,
      loading: (row) => toggle.isPending && toggle.variables?.id === row.topic_id,
      onChange: (row, c) => toggle.mutate({ id: row.topic_id, topic_status: c ? 1 : 0 }),
      align: 'center',
    }),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_v, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(row)} data-testid={`topic-edit-${row.topic_id}`}>
            {t('common.edit')}
          </Button>
          <DeleteButton
            name={row.topic_name}
            loading={remove.isPending && remove.variables === row.topic_id}
            onConfirm={() => remove.mutateAsync(row.topic_id)}
            testId={`topic-delete-${row.topic_id}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListCard
      title={t('nav.topics')}
      help={t('topic.help')}
      error={topics.error}
      testId="topics-page"
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="topic-create">
          {t('topic.create')}
        </Button>
      }
    >
      <DataTable<Topic>
        rowKey="topic_id"
        columns={columns}
        dataSource={topics.data ?? []}
        loading={topics.isFetching}
        locale={{ emptyText: t('topic.empty') }}
        pagination={(topics.data?.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      />
      {editing && (
        <TopicDrawer
          topic={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: keys.topics });
          }}
        />
      )}
    </ListCard>
  );
}
