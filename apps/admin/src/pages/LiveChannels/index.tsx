/**
 * Live TV channels (issue 4 item 6): the titles of the live category (the configured `app_live_typeid`), each a
 * channel whose stream is stored as one play source `live` with one episode `直播$<url>`. Add a channel
 * (adminCreateVod), edit its name, picture and stream (adminUpdateVod), publish or unpublish it.
 */
import type { VodDetail } from '@openvod/contract';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space, Switch, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, call, errorMessage } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys, useCatalogueSettings, useTypes } from '../../queries.ts';
import {
  bit,
  DataTable,
  isAddress,
  ListCard,
  PageSpin,
  RowMeta,
  switchColumn,
  Thumb,
  urlRule,
  useAction,
  type VodListItem,
} from '../../ui.tsx';

/** Player code and episode name of a channel's single source. */
const LIVE_FROM = 'live';
const LIVE_EPISODE = '直播';

/** The stream URL of a channel: the first episode of its `live` source, else of its first source. */
export function streamOf(info: Pick<VodDetail, 'sources'>): string {
  const source = info.sources.find((s) => s.from === LIVE_FROM) ?? info.sources[0];
  return source?.episodes[0]?.url ?? '';
}

interface Values {
  vod_name: string;
  vod_pic: string;
  stream: string;
  vod_status: number;
}

function ChannelModal({ typeId, item, onClose }: { typeId: number; item: VodListItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [serverError, setServerError] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: keys.vod(item?.vod_id ?? 0),
    queryFn: ({ signal }) => call('adminGetVod', { params: { id: item?.vod_id ?? 0 }, signal }),
    enabled: !!item,
  });
  const pic = Form.useWatch('vod_pic', form) ?? '';
  const save = useAction({
    mutationFn: (v: Values) => {
      const body = {
        vod_name: v.vod_name.trim(),
        vod_pic: (v.vod_pic ?? '').trim(),
        vod_status: v.vod_status,
        vod_play_from: LIVE_FROM,
        vod_play_server: '',
        vod_play_note: '',
        vod_play_url: `${LIVE_EPISODE}$${v.stream.trim()}`,
      };
      return item
        ? call('adminUpdateVod', { params: { id: item.vod_id }, body })
        : call('adminCreateVod', { body: { ...body, type_id: typeId } });
    },
    invalidate: [keys.vods],
    onSuccess: (res) => queryClient.setQueryData(keys.vod(res.info.vod_id), res),
  });
  const ready = !item || detail.data;

  return (
    <Modal
      open
      title={item ? `${t('live.edit')}: ${item.vod_name}` : t('live.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'live-save', disabled: !ready }}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      {serverError && (
        <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="live-error" />
      )}
      {detail.isError && <Alert type="error" showIcon title={errorMessage(detail.error, t('common.loadFailed'))} />}
      {!ready && !detail.isError && <PageSpin />}
      {ready && (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            vod_name: item?.vod_name ?? '',
            vod_pic: item?.vod_pic ?? '',
            stream: detail.data ? streamOf(detail.data.info) : '',
            vod_status: item?.vod_status ?? 1,
          }}
          onValuesChange={() => serverError && setServerError(null)}
          onFinish={(v) => {
            setServerError(null);
            save.mutate(v, {
              onSuccess: onClose,
              onError: (e) => {
                const msg = errorMessage(e, t('common.networkError'));
                setServerError(msg);
                const field = e instanceof ApiError ? e.field : undefined;
                if (field === 'vod_name' || field === 'vod_pic') form.setFields([{ name: field, errors: [msg] }]);
                if (field?.startsWith('vod_play')) form.setFields([{ name: 'stream', errors: [msg] }]);
              },
            });
          }}
        >
          <Form.Item name="vod_name" label={t('live.f.name')} rules={[{ required: true, whitespace: true }]}>
            <Input autoFocus maxLength={255} data-testid="live-name" />
          </Form.Item>
          <Form.Item
            name="stream"
            label={t('live.f.stream')}
            extra={t('live.streamHelp')}
            rules={[
              { required: true, whitespace: true, message: t('live.streamRequired') },
              {
                validator: async (_r, v: string | undefined) => {
                  const value = (v ?? '').trim();
                  if (value && (!isAddress(value) || /[$#]/.test(value))) throw new Error(t('live.streamInvalid'));
                },
              },
            ]}
          >
            <Input allowClear maxLength={1024} data-testid="live-stream" spellCheck={false} />
          </Form.Item>
          <Form.Item name="vod_pic" label={t('live.f.pic')} rules={[urlRule(t('common.urlInvalid'))]}>
            <Input allowClear maxLength={1024} />
          </Form.Item>
          <Form.Item name="vod_status" label={t('vod.f.vod_status')} {...bit}>
            <Switch />
          </Form.Item>
          <Thumb src={isAddress(pic) ? pic.trim() : ''} alt="" width={96} height={54} />
        </Form>
      )}
    </Modal>
  );
}

function ChannelList({ typeId, typeName }: { typeId: number; typeName: string }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<VodListItem | 'new' | null>(null);
  const query = { type_id: typeId, page, limit: 20 };
  const list = useQuery({
    queryKey: [...keys.vods, query],
    queryFn: ({ signal }) => call('adminListVods', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];
  const details = useQueries({
    queries: rows.map((r) => ({
      queryKey: keys.vod(r.vod_id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call('adminGetVod', { params: { id: r.vod_id }, signal }),
    })),
  });
  const toggle = useAction({
    mutationFn: (v: { id: number; vod_status: number }) =>
      call('adminUpdateVod', { params: { id: v.id }, body: { vod_status: v.vod_status } }),
    invalidate: [keys.vods],
    success: null,
    onSuccess: (res) => queryClient.setQueryData(keys.vod(res.info.vod_id), res),
  });

  const columns: ColumnsType<VodListItem> = [
    {
      title: t('common.picture'),
      dataIndex: 'vod_pic',
      width: 112,
      render: (pic: string, row) => <Thumb src={pic} alt={row.vod_name} width={96} height={54} />,
    },
    {
      title: t('live.f.name'),
      dataIndex: 'vod_name',
      render: (name: string, row) => (
        <div style={{ minWidth: 120 }}>
          <Typography.Link strong onClick={() => setEditing(row)}>
            {name}
          </Typography.Link>
          <RowMeta id={row.vod_id} />
        </div>
      ),
    },
    {
      title: t('live.f.stream'),
      key: 'stream',
      responsive: ['md'],
      render: (_v, _row, i) => {
        const info = details[i]?.data?.info;
        if (!info) return null;
        const url = streamOf(info);
        return url ? (
          <Typography.Text
            copyable={{ text: url }}
            title={url}
            style={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 480 }}
            ellipsis
            data-testid="live-stream-url"
          >
            {url}
          </Typography.Text>
        ) : (
          <Typography.Text type="danger">{t('live.noStream')}</Typography.Text>
        );
      },
    },
    switchColumn<VodListItem>({
      title: t('vod.col.status'),
      dataIndex: 'vod_status',
      name: (row) => row.vod_name,
      loading: (row) => toggle.isPending && toggle.variables?.id === row.vod_id,
      onChange: (row, c) => toggle.mutate({ id: row.vod_id, vod_status: c ? 1 : 0 }),
      testId: (row) => `live-status-${row.vod_id}`,
      align: 'center',
    }),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 80,
      render: (_v, row) => (
        <Button size="small" onClick={() => setEditing(row)} data-testid={`live-edit-${row.vod_id}`}>
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <ListCard
      title={t('nav.live')}
      help={t('live.help', { name: typeName, id: typeId })}
      error={list.error}
      testId="live-page"
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="live-create">
          {t('live.create')}
        </Button>
      }
    >
      <DataTable<VodListItem>
        rowKey="vod_id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        locale={{ emptyText: t('live.empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {editing && (
        <ChannelModal typeId={typeId} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </ListCard>
  );
}

export default function LiveChannelsPage() {
  const { t } = useI18n();
  const settings = useCatalogueSettings();
  const types = useTypes();
  if (settings.isError || types.isError) {
    return (
      <ListCard title={t('nav.live')} error={settings.error ?? types.error}>
        {null}
      </ListCard>
    );
  }
  if (!settings.data || !types.data) return <PageSpin />;
  const typeId = settings.data.special.app_live_typeid;
  const type = types.data.find((c) => c.type_id === typeId);
  if (!typeId || !type) {
    return (
      <ListCard title={t('nav.live')}>
        <Alert
          type="warning"
          showIcon
          title={typeId ? t('live.typeMissing', { id: typeId }) : t('live.noType')}
          action={
            <Space>
              <Link to="/catalogue">
                <Button size="small">{t('nav.catalogue')}</Button>
              </Link>
            </Space>
          }
          data-testid="live-no-type"
        />
      </ListCard>
    );
  }
  return <ChannelList typeId={typeId} typeName={type.type_name} />;
}
