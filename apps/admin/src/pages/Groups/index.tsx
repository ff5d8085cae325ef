import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, errorMessage } from '../../api.ts';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { keys, useGroups, useTypes } from '../../queries.ts';
import { DataTable, LoadError, switchColumn } from '../../ui.tsx';
import {
  type Group,
  GroupModal,
  kindTag,
  type Popedom,
  parseTypeList,
  RIGHTS,
  useQuotas,
  VIP_MIN,
} from './GroupModal.tsx';

export default function GroupsPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const groups = useGroups();
  const types = useTypes();
  const quotas = useQuotas();
  const quotaOf = new Map((quotas.data?.quotas ?? []).map((q) => [q.group_id, q]));
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const typeName = new Map((types.data ?? []).map((c) => [c.type_id, c.type_name]));

  const toggle = useMutation({
    mutationFn: (v: { id: number; group_status: number }) =>
      call('adminUpdateGroup', { params: { id: v.id }, body: { group_status: v.group_status } }),
    onError: (e) => message.error(errorMessage(e, t('common.networkError'))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.groups }),
  });

  const columns: ColumnsType<Group> = [
    { title: 'ID', dataIndex: 'group_id', width: 60 },
    {
      title: t('group.col.name'),
      dataIndex: 'group_name',
      render: (name: string, row) => (
        <Space size={6}>
          <Typography.Text strong>{name}</Typography.Text>
          {kindTag(row.group_id, t)}
          {row.group_id <= 2 && (
            <Tooltip title={t('group.builtinHint')}>
              <Tag bordered={false}>{t('group.builtin')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('group.col.types'),
      dataIndex: 'group_type',
      render: (v: string) => {
        const ids = parseTypeList(v);
        if (!ids.length) return <Typography.Text type="secondary">{t('group.f.typesNone')}</Typography.Text>;
        const shown = ids.slice(0, 4);
        return (
          <Space size={[4, 4]} wrap style={{ maxWidth: 300 }}>
            {shown.map((id) => (
              <Tag key={id}>{typeName.get(id) ?? `#${id}`}</Tag>
            ))}
            {ids.length > shown.length && <Tag>+{ids.length - shown.length}</Tag>}
          </Space>
        );
      },
    },
    {
      title: t('group.col.rights'),
      // The rights that apply (group_rights), not only the stored ones: an unset category has rights 1-4.
      dataIndex: 'group_rights',
      render: (p: Popedom, row) => {
        const allowed = parseTypeList(row.group_type);
        const counts = RIGHTS.map((r) => allowed.filter((id) => p[String(id)]?.includes(r)).length);
        return (
          <Space size={[4, 4]} wrap>
            {RIGHTS.map((r, i) => (
              <Tooltip key={r} title={t('group.rightsCount', { n: counts[i] ?? 0, total: allowed.length })}>
                <Tag
                  color={counts[i] ? 'blue' : undefined}
                  bordered={!!counts[i]}
                  data-testid={`group-${row.group_id}-right-${r}`}
                >
                  {t(`group.right.${r}` as MessageKey)} {counts[i]}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
    {
      title: t('group.col.free'),
      key: 'free',
      render: (_v, row) => {
        if (row.group_id >= VIP_MIN) return <Typography.Text type="secondary">{t('group.freeVip')}</Typography.Text>;
        const q = quotaOf.get(row.group_id);
        return (
          <span style={{ whiteSpace: 'nowrap' }} data-testid={`group-${row.group_id}-free`}>
            {q ? t('group.freeSummary', { views: q.free_views, downloads: q.free_downloads }) : '…'}
          </span>
        );
      },
    },
    switchColumn<Group>({
      title: t('group.col.status'),
      dataIndex: 'group_status',
      name: (row) => row.group_name,
      loading: (row) => toggle.isPending && toggle.variables?.id === row.group_id,
      onChange: (row, c) => toggle.mutate({ id: row.group_id, group_status: c ? 1 : 0 }),
    }),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_v, row) => (
        <Button size="small" onClick={() => setEditing(row)} data-testid={`group-edit-${row.group_id}`}>
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('nav.groups')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="group-create">
          {t('group.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('group.help')}</Typography.Paragraph>
      <LoadError error={groups.error} />
      <div data-testid="group-table">
        <DataTable<Group>
          rowKey="group_id"
          columns={columns}
          dataSource={groups.data ?? []}
          loading={groups.isFetching}
          pagination={false}
        />
      </div>
      {editing && (
        <GroupModal
          key={editing === 'new' ? 'new' : editing.group_id}
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
