/**
 * The viewer app's home page, as the operator shapes it (issue 4 item 6, spec §3 Home store): the slideshow (titles
 * with `vod_level` 9, shown with their `vod_pic_slide`) and the recommendations (`vod_level` 1–8). Titles are found
 * with adminListVods (`vod_level` / `level_min`) and changed with adminUpdateVod; removing sets the level to 0.
 */
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Body, call } from '../../api.ts';
import { type Translate, useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import {
  DataTable,
  DeleteButton,
  isAddress,
  ListCard,
  RowMeta,
  Thumb,
  urlRule,
  useAction,
  type VodListItem,
  VodPicker,
} from '../../ui.tsx';

/** Slideshow titles: at most 100 are listed (the viewer app shows the newest ones). */
const SLIDE_QUERY = { vod_level: 9, page: 1, limit: 100 };
const SLIDE_W = 128;
const SLIDE_H = 54;

function useUpdateVod(success: 'common.saved' | 'home.removed' = 'common.saved') {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (v: { id: number; body: Body<'adminUpdateVod'> }) =>
      call('adminUpdateVod', { params: { id: v.id }, body: v.body }),
    invalidate: [keys.vods],
    success,
    onSuccess: (res) => queryClient.setQueryData(keys.vod(res.info.vod_id), res),
  });
}

function TitleCell({ row, t }: { row: VodListItem; t: Translate }) {
  return (
    <div style={{ minWidth: 140 }}>
      <Link to={`/vods/${row.vod_id}`} style={{ fontWeight: 500 }}>
        {row.vod_name}
      </Link>
      <RowMeta id={row.vod_id} parts={[row.type_name, row.vod_year]} />
      {row.vod_status !== 1 && <Tag style={{ marginTop: 4 }}>{t('vod.unpublished')}</Tag>}
    </div>
  );
}

/** Puts a title into the slideshow or changes its slide picture (the detail supplies the current picture). */
function SlideModal({ item, onClose }: { item: VodListItem; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ vod_pic_slide: string }>();
  const detail = useQuery({
    queryKey: keys.vod(item.vod_id),
    queryFn: ({ signal }) => call('adminGetVod', { params: { id: item.vod_id }, signal }),
  });
  const pic = Form.useWatch('vod_pic_slide', form) ?? '';
  const save = useUpdateVod();
  const adding = item.vod_level !== 9;
  return (
    <Modal
      open
      title={`${adding ? t('home.slide.add') : t('home.slide.editPic')}: ${item.vod_name}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'slide-save' }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {detail.data && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ vod_pic_slide: detail.data.info.vod_pic_slide }}
          onFinish={(v) =>
            save.mutate(
              { id: item.vod_id, body: { vod_level: 9, vod_pic_slide: (v.vod_pic_slide ?? '').trim() } },
              { onSuccess: onClose },
            )
          }
        >
          <Form.Item
            name="vod_pic_slide"
            label={t('vod.f.vod_pic_slide')}
            extra={t('home.slide.picHelp')}
            rules={[urlRule(t('common.urlInvalid'))]}
          >
            <Input allowClear maxLength={1024} data-testid="slide-pic" />
          </Form.Item>
          <Thumb src={isAddress(pic) ? pic.trim() : item.vod_pic} alt={item.vod_name} width={320} height={135} />
        </Form>
      )}
      {!detail.data && <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>}
    </Modal>
  );
}

function Slideshow() {
  const { t } = useI18n();
  const [editing, setEditing] = useState<VodListItem | null>(null);
  const list = useQuery({
    queryKey: [...keys.vods, SLIDE_QUERY],
    queryFn: ({ signal }) => call('adminListVods', { query: SLIDE_QUERY, signal }),
  });
  const rows = list.data?.list ?? [];
  // The list carries the poster only; the slide picture comes with each title's detail (a handful of titles).
  const details = useQueries({
    queries: rows.map((r) => ({
      queryKey: keys.vod(r.vod_id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call('adminGetVod', { params: { id: r.vod_id }, signal }),
    })),
  });
  const remove = useUpdateVod('home.removed');

  const columns: ColumnsType<VodListItem> = [
    {
      title: t('home.col.slide'),
      key: 'slide',
      width: SLIDE_W + 16,
      render: (_v, row, i) => {
        const slide = details[i]?.data?.info.vod_pic_slide ?? '';
        return <Thumb src={slide || row.vod_pic} alt={row.vod_name} width={SLIDE_W} height={SLIDE_H} />;
      },
    },
    { title: t('vod.col.name'), key: 'name', render: (_v, row) => <TitleCell row={row} t={t} /> },
    {
      title: t('home.col.slidePic'),
      key: 'pic',
      responsive: ['lg'],
      render: (_v, _row, i) => {
        const slide = details[i]?.data?.info.vod_pic_slide;
        if (slide === undefined) return null;
        return slide ? (
          <Typography.Text style={{ fontSize: 12, maxWidth: 260 }} ellipsis={{ tooltip: slide }}>
            {slide}
          </Typography.Text>
        ) : (
          <Tag color="orange">{t('home.slide.noPic')}</Tag>
        );
      },
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 190,
      render: (_v, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(row)} data-testid={`slide-edit-${row.vod_id}`}>
            {t('home.slide.editPic')}
          </Button>
          <DeleteButton
            name={row.vod_name}
            label={t('common.remove')}
            loading={remove.isPending && remove.variables?.id === row.vod_id}
            onConfirm={() => remove.mutateAsync({ id: row.vod_id, body: { vod_level: 0 } })}
            testId={`slide-remove-${row.vod_id}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListCard title={t('home.slide.title')} help={t('home.slide.help')} error={list.error} testId="home-slides">
      <div style={{ marginBottom: 12 }}>
        <VodPicker
          onPick={setEditing}
          exclude={new Set(rows.map((r) => r.vod_id))}
          placeholder={t('home.slide.add')}
          testId="slide-add"
        />
      </div>
      <DataTable<VodListItem>
        rowKey="vod_id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: t('home.slide.empty') }}
      />
      {editing && <SlideModal item={editing} onClose={() => setEditing(null)} />}
    </ListCard>
  );
}

const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];

function Recommendations() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const [level, setLevel] = useState(1);
  const query = { level_min: 1, page, limit: 20 };
  const list = useQuery({
    queryKey: [...keys.vods, query],
    queryFn: ({ signal }) => call('adminListVods', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];
  const update = useUpdateVod();
  const remove = useUpdateVod('home.removed');

  const columns: ColumnsType<VodListItem> = [
    { title: t('vod.col.pic'), key: 'pic', width: 64, render: (_v, row) => <Thumb src={row.vod_pic} alt="" /> },
    { title: t('vod.col.name'), key: 'name', render: (_v, row) => <TitleCell row={row} t={t} /> },
    {
      title: t('vod.f.vod_level'),
      dataIndex: 'vod_level',
      width: 110,
      render: (v: number, row) => (
        <Select
          size="small"
          value={v}
          style={{ width: 80 }}
          options={LEVELS.map((n) => ({ value: n, label: String(n) }))}
          aria-label={`${t('vod.f.vod_level')} ${row.vod_name}`}
          onChange={(n: number) => update.mutate({ id: row.vod_id, body: { vod_level: n } })}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_v, row) => (
        <DeleteButton
          name={row.vod_name}
          label={t('common.remove')}
          loading={remove.isPending && remove.variables?.id === row.vod_id}
          onConfirm={() => remove.mutateAsync({ id: row.vod_id, body: { vod_level: 0 } })}
          testId={`recommend-remove-${row.vod_id}`}
        />
      ),
    },
  ];

  return (
    <ListCard title={t('home.rec.title')} help={t('home.rec.help')} error={list.error} testId="home-recommend">
      <Space wrap style={{ marginBottom: 12, width: '100%' }}>
        <Select
          value={level}
          onChange={setLevel}
          style={{ width: 120 }}
          options={LEVELS.map((n) => ({ value: n, label: `${t('vod.f.vod_level')} ${n}` }))}
          aria-label={t('vod.f.vod_level')}
        />
        <div style={{ width: 360, maxWidth: '80vw' }}>
          <VodPicker
            onPick={(item) => update.mutate({ id: item.vod_id, body: { vod_level: level } })}
            exclude={new Set(rows.map((r) => r.vod_id))}
            placeholder={t('home.rec.add')}
            testId="recommend-add"
          />
        </div>
      </Space>
      <DataTable<VodListItem>
        rowKey="vod_id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        locale={{ emptyText: t('home.rec.empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => t('common.total', { n }),
          onChange: setPage,
        }}
      />
    </ListCard>
  );
}

export default function HomePage() {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Slideshow />
      <Recommendations />
    </Space>
  );
}
