import type { CategoryBase } from '@openvod/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, errorMessage } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys, typeTree, useTypes } from '../../queries.ts';
import { DataTable, DeleteButton, LoadError, switchColumn } from '../../ui.tsx';
import { Bindings, type Editing, TypeModal } from './TypeModal.tsx';

export default function CategoriesPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const types = useTypes();
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = types.data ?? [];

  const remove = useMutation({
    mutationFn: (id: number) => call('adminDeleteType', { params: { id } }),
    onSuccess: () => message.success(t('common.deleted')),
    onError: (e) => message.error({ content: errorMessage(e, t('common.networkError')), duration: 6 }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.types }),
  });

  const toggle = useMutation({
    mutationFn: (v: { id: number; type_status: number }) =>
      call('adminUpdateType', { params: { id: v.id }, body: { type_status: v.type_status } }),
    onError: (e) => message.error(errorMessage(e, t('common.networkError'))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.types }),
  });

  const midLabel = (mid: number) => (mid === 1 || mid === 2 ? t(`type.mid.${mid}`) : String(mid));
  const columns: ColumnsType<CategoryBase> = [
    {
      title: t('type.col.name'),
      dataIndex: 'type_name',
      render: (name: string, row) => (
        <span>
          <Typography.Text strong={row.type_pid === 0}>{name}</Typography.Text>
          {row.type_en && (
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
              {row.type_en}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { title: t('type.col.id'), dataIndex: 'type_id', width: 70 },
    { title: t('type.col.mid'), dataIndex: 'type_mid', width: 80, render: midLabel, responsive: ['md'] },
    { title: t('type.col.sort'), dataIndex: 'type_sort', width: 70, responsive: ['md'] },
    switchColumn<CategoryBase>({
      title: t('type.col.status'),
      dataIndex: 'type_status',
      name: (row) => row.type_name,
      loading: (row) => toggle.isPending && toggle.variables?.id === row.type_id,
      onChange: (row, c) => toggle.mutate({ id: row.type_id, type_status: c ? 1 : 0 }),
    }),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 250,
      render: (_v, row) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing({ mode: 'edit', type: row })}>
            {t('common.edit')}
          </Button>
          {row.type_pid === 0 && (
            <Button size="small" onClick={() => setEditing({ mode: 'create', pid: row.type_id })}>
              {t('type.createChild')}
            </Button>
          )}
          <DeleteButton
            name={row.type_name}
            loading={remove.isPending && remove.variables === row.type_id}
            onConfirm={() => remove.mutateAsync(row.type_id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('type.title')}
        extra={
          <Button type="primary" onClick={() => setEditing({ mode: 'create', pid: 0 })} data-testid="type-create">
            {t('type.create')}
          </Button>
        }
      >
        <LoadError error={types.error} />
        <DataTable<CategoryBase>
          rowKey="type_id"
          columns={columns}
          dataSource={typeTree(list)}
          loading={types.isFetching}
          pagination={false}
          expandable={{ defaultExpandAllRows: true, indentSize: 24 }}
          key={list.length ? 'loaded' : 'empty'}
        />
      </Card>
      <Bindings list={list} t={t} />
      {editing && <TypeModal editing={editing} list={list} onClose={() => setEditing(null)} t={t} />}
    </Space>
  );
}
