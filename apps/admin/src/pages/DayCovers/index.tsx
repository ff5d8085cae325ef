/**
 * Day covers (issue 4 item 6, spec §7 getDayCover): the splash cover of each date, newest first; set one for a date
 * (picture URL, title, link) or delete it. Calls adminListDayCovers, adminSetDayCover (PUT by date, so setting a
 * date again replaces its cover) and adminDeleteDayCover. The viewer app shows today's cover, else the latest earlier.
 * "Today" is the operator's day as the server reports it (adminListDayCovers `today`, server TZ), never this
 * browser's clock: a console in another time zone still marks and defaults the right date.
 */
import type { DayCover } from '@openvod/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, call, errorMessage } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { DataTable, DeleteButton, isAddress, ListCard, Thumb, urlRule, useAction } from '../../ui.tsx';

const DATE = 'YYYY-MM-DD';

interface Values {
  date: Dayjs;
  cover_pic: string;
  cover_title: string;
  cover_link: string;
}

function CoverModal({
  cover,
  taken,
  today,
  onClose,
}: {
  cover: DayCover | null;
  taken: Set<string>;
  /** The operator's today (YYYY-MM-DD): a new cover's default date. */
  today: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [serverError, setServerError] = useState<string | null>(null);
  const pic = Form.useWatch('cover_pic', form) ?? '';
  const date = Form.useWatch('date', form);
  const dateText = date ? date.format(DATE) : '';
  const replaces = dateText !== cover?.cover_date && taken.has(dateText);
  const save = useAction({
    mutationFn: (v: Values) =>
      call('adminSetDayCover', {
        params: { date: v.date.format(DATE) },
        body: { cover_pic: v.cover_pic.trim(), cover_title: v.cover_title.trim(), cover_link: v.cover_link.trim() },
      }),
    invalidate: [keys.dayCovers],
  });
  return (
    <Modal
      open
      title={cover ? t('cover.edit') : t('cover.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'cover-save' }}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      {serverError && (
        <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="cover-error" />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          date: dayjs(cover ? cover.cover_date : today, DATE),
          cover_pic: cover?.cover_pic ?? '',
          cover_title: cover?.cover_title ?? '',
          cover_link: cover?.cover_link ?? '',
        }}
        onValuesChange={() => serverError && setServerError(null)}
        onFinish={(v) => {
          setServerError(null);
          save.mutate(
            { ...v, cover_title: v.cover_title ?? '', cover_link: v.cover_link ?? '' },
            {
              onSuccess: onClose,
              onError: (e) => {
                const msg = errorMessage(e, t('common.networkError'));
                setServerError(msg);
                const field = e instanceof ApiError ? e.field : undefined;
                if (field === 'cover_pic' || field === 'cover_title' || field === 'cover_link')
                  form.setFields([{ name: field, errors: [msg] }]);
              },
            },
          );
        }}
      >
        <Form.Item
          name="date"
          label={t('cover.f.date')}
          rules={[{ required: true }]}
          extra={replaces ? <Typography.Text type="warning">{t('cover.replaces')}</Typography.Text> : undefined}
        >
          <DatePicker format={DATE} allowClear={false} disabled={!!cover} data-testid="cover-date" />
        </Form.Item>
        <Form.Item
          name="cover_pic"
          label={t('cover.f.pic')}
          rules={[
            { required: true, whitespace: true, message: t('cover.picRequired') },
            urlRule(t('common.urlInvalid')),
          ]}
        >
          <Input allowClear maxLength={1024} data-testid="cover-pic" />
        </Form.Item>
        <Form.Item name="cover_title" label={t('cover.f.title')}>
          <Input allowClear maxLength={255} data-testid="cover-title" />
        </Form.Item>
        <Form.Item
          name="cover_link"
          label={t('cover.f.link')}
          extra={t('cover.linkHelp')}
          rules={[urlRule(t('common.urlInvalid'))]}
        >
          <Input allowClear maxLength={1024} />
        </Form.Item>
      </Form>
      {isAddress(pic) && <Thumb src={pic.trim()} alt="" width={90} height={160} />}
    </Modal>
  );
}

export default function DayCoversPage() {
  const { t } = useI18n();
  const [editing, setEditing] = useState<DayCover | 'new' | null>(null);
  const covers = useQuery({
    queryKey: keys.dayCovers,
    queryFn: ({ signal }) => call('adminListDayCovers', { signal }),
  });
  const remove = useAction({
    mutationFn: (date: string) => call('adminDeleteDayCover', { params: { date } }),
    invalidate: [keys.dayCovers],
    success: 'common.deleted',
  });
  const today = covers.data?.today;
  const list = covers.data?.list ?? [];
  // The cover the viewer app shows now: today's, else the latest earlier one.
  const current = list
    .filter((c) => today !== undefined && c.cover_date <= today)
    .sort((a, b) => b.cover_date.localeCompare(a.cover_date))[0];

  const columns: ColumnsType<DayCover> = [
    {
      title: t('cover.f.date'),
      dataIndex: 'cover_date',
      width: 150,
      render: (d: string) => (
        <Space size={4} wrap>
          <span style={{ whiteSpace: 'nowrap' }}>{d}</span>
          {d === current?.cover_date && <Tag color="green">{t('cover.showing')}</Tag>}
          {today !== undefined && d > today && <Tag color="blue">{t('cover.upcoming')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('common.picture'),
      dataIndex: 'cover_pic',
      width: 64,
      render: (pic: string, row) => <Thumb src={pic} alt={row.cover_title} width={40} height={71} />,
    },
    { title: t('cover.f.title'), dataIndex: 'cover_title', render: (v: string) => v || '-' },
    {
      title: t('cover.f.link'),
      dataIndex: 'cover_link',
      responsive: ['md'],
      render: (v: string) =>
        v ? (
          <Typography.Text style={{ maxWidth: 260, fontSize: 12 }} ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_v, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(row)} data-testid={`cover-edit-${row.cover_date}`}>
            {t('common.edit')}
          </Button>
          <DeleteButton
            name={row.cover_date}
            loading={remove.isPending && remove.variables === row.cover_date}
            onConfirm={() => remove.mutateAsync(row.cover_date)}
            testId={`cover-delete-${row.cover_date}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListCard
      title={t('nav.dayCovers')}
      help={t('cover.help')}
      error={covers.error}
      testId="covers-page"
      extra={
        <Button type="primary" onClick={() => setEditing('new')} disabled={!today} data-testid="cover-create">
          {t('cover.create')}
        </Button>
      }
    >
      <DataTable<DayCover>
        rowKey="cover_date"
        columns={columns}
        dataSource={list}
        loading={covers.isFetching}
        locale={{ emptyText: t('cover.empty') }}
        pagination={list.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      />
      {editing && today && (
        <CoverModal
          cover={editing === 'new' ? null : editing}
          taken={new Set(list.map((c) => c.cover_date))}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
    </ListCard>
  );
}
