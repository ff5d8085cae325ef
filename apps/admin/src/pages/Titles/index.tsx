import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Select, Space, Tooltip, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call, errorMessage, type Res } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys, typeOptions, useTypes } from '../../queries.ts';
import {
  DataTable,
  intParam,
  LoadError,
  RowMeta,
  serverPagination,
  switchColumn,
  Thumb,
  timeColumn,
} from '../../ui.tsx';

type ListRes = Res<'adminListVods'>;
type Item = ListRes['list'][number];

export default function TitlesPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const [search, setSearch] = useSearchParams();
  const types = useTypes();

  const query: { wd?: string; type_id?: number; vod_status?: number; page: number; limit: number } = {
    wd: search.get('wd') || undefined,
    type_id: intParam(search.get('type_id')) || undefined,
    vod_status: intParam(search.get('vod_status')),
    page: intParam(search.get('page')) || 1,
    limit: intParam(search.get('limit')) || 20,
  };
  const [wd, setWd] = useState(query.wd ?? '');

  const listKey = [...keys.vods, query] as const;
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => call('adminListVods', { query, signal }),
    placeholderData: keepPreviousData,
  });

  function update(next: Record<string, string | number | undefined>) {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') params.delete(k);
      else params.set(k, String(v));
    }
    setSearch(params, { replace: true });
  }

  const [pending, setPending] = useState<Record<string, boolean>>({});
  const toggle = useMutation({
    mutationFn: (v: { id: number; field: 'vod_status' | 'vod_lock'; value: number }) =>
      call('adminUpdateVod', { params: { id: v.id }, body: { [v.field]: v.value } }),
    onMutate: (v) => {
      setPending((p) => ({ ...p, [`${v.id}:${v.field}`]: true }));
      const before = queryClient.getQueryData<ListRes>(listKey);
      if (before) {
        queryClient.setQueryData<ListRes>(listKey, {
          ...before,
          list: before.list.map((it) => (it.vod_id === v.id ? { ...it, [v.field]: v.value } : it)),
        });
      }
      return { before };
    },
    onError: (e, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(listKey, ctx.before);
      message.error(errorMessage(e, t('common.networkError')));
    },
    onSuccess: (res) => {
      queryClient.setQueryData(keys.vod(res.info.vod_id), res);
    },
    onSettled: (_r, _e, v) => {
      setPending((p) => {
        const { [`${v.id}:${v.field}`]: _done, ...rest } = p;
        return rest;
      });
      void queryClient.invalidateQueries({ queryKey: keys.vods });
    },
  });

  const columns: ColumnsType<Item> = [
    {
      title: t('vod.col.pic'),
      dataIndex: 'vod_pic',
      width: 64,
      render: (pic: string, row) => <Thumb src={pic} alt={row.vod_name} />,
    },
    {
      title: t('vod.col.name'),
      dataIndex: 'vod_name',
      render: (name: string, row) => (
        <div style={{ minWidth: 140 }}>
          <Link to={`/vods/${row.vod_id}`} style={{ fontWeight: 500 }}>
            {name}
          </Link>
          <RowMeta id={row.vod_id} parts={[row.vod_year, row.vod_area]} />
        </div>
      ),
    },
    { title: t('vod.col.type'), dataIndex: 'type_name', width: 110, responsive: ['md'] },
    { title: t('vod.col.remarks'), dataIndex: 'vod_remarks', width: 140, ellipsis: true, responsive: ['lg'] },
    timeColumn(t('vod.col.time'), 'vod_time'),
    switchColumn<Item>({
      title: t('vod.col.status'),
      dataIndex: 'vod_status',
      name: (row) => row.vod_name,
      loading: (row) => pending[`${row.vod_id}:vod_status`],
      onChange: (row, checked) => toggle.mutate({ id: row.vod_id, field: 'vod_status', value: checked ? 1 : 0 }),
      align: 'center',
    }),
    switchColumn<Item>({
      title: <Tooltip title={t('vod.lockHint')}>{t('vod.col.lock')}</Tooltip>,
      label: t('vod.col.lock'),
      dataIndex: 'vod_lock',
      name: (row) => row.vod_name,
      loading: (row) => pending[`${row.vod_id}:vod_lock`],
      onChange: (row, checked) => toggle.mutate({ id: row.vod_id, field: 'vod_lock', value: checked ? 1 : 0 }),
      align: 'center',
    }),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 80,
      render: (_v, row) => (
        <Link to={`/vods/${row.vod_id}`}>
          <Button size="small">{t('common.edit')}</Button>
        </Link>
      ),
    },
  ];

  const data = list.data;
  return (
    <Card title={<span data-testid="vods-page-title">{t('nav.titles')}</span>} styles={{ body: { paddingTop: 12 } }}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('vod.search')}
          value={wd}
          onChange={(e) => setWd(e.target.value)}
          onSearch={(v) => update({ wd: v.trim(), page: undefined })}
          style={{ width: 240 }}
          data-testid="vod-search"
        />
        <TreeSelect
          allowClear
          placeholder={t('vod.filterType')}
          style={{ width: 180 }}
          value={query.type_id}
          treeData={types.data ? typeOptions(types.data) : []}
          treeDefaultExpandAll
          loading={types.isLoading}
          onChange={(v: number | undefined) => update({ type_id: v, page: undefined })}
        />
        <Select
          style={{ width: 130 }}
          value={query.vod_status ?? -1}
          onChange={(v: number) => update({ vod_status: v < 0 ? undefined : v, page: undefined })}
          options={[
            { value: -1, label: `${t('vod.filterStatus')}: ${t('common.all')}` },
            { value: 1, label: t('vod.published') },
            { value: 0, label: t('vod.unpublished') },
          ]}
        />
        <Button onClick={() => list.refetch()} loading={list.isFetching && !list.isLoading}>
          {t('common.reload')}
        </Button>
      </Space>
      <LoadError error={list.error} />
      <DataTable<Item>
        rowKey="vod_id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={list.isFetching}
        pagination={serverPagination(data, query, update, t)}
      />
    </Card>
  );
}
