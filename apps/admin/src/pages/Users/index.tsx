import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Avatar,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Result,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useState } from 'react';
import { ApiError, type Body, call, errorMessage, type Res } from '../../api.ts';
import { type Translate, useI18n } from '../../i18n.ts';
import { keys, queryClient, useGroups } from '../../queries.ts';
import { FilteredTable, formatTime, intParam, PageSpin, useUrlQuery } from '../../ui.tsx';

type ListRes = Res<'adminListUsers'>;
type Item = ListRes['list'][number];

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds since the epoch as a local `YYYY-MM-DD` (with the time when `withTime`). */
export function formatSeconds(sec: number, withTime = false): string {
  if (!sec) return '';
  const d = new Date(sec * 1000);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}` : date;
}

/** `formatTime` for times that may be empty (never signed in). */
const when = (iso: string | null | undefined) => (iso ? formatTime(iso) : '-');

function groupLabel(id: number, name: string | undefined, t: Translate): string {
  if (name) return name;
  if (id === 1) return t('group.kind.guest');
  if (id === 2) return t('group.kind.member');
  return `#${id}`;
}

/** `YYYY-MM-DD` over `HH:mm`, to keep the table narrow. */
function TwoLineTime({ iso }: { iso: string | null | undefined }) {
  const text = when(iso);
  const [date, time] = text.split(' ');
  return (
    <div style={{ whiteSpace: 'nowrap', lineHeight: 1.35 }}>
      {date}
      {time && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{time}</div>}
    </div>
  );
}

function DeletionTag({ user, t }: { user: Item; t: Translate }) {
  if (!user.deletion) return null;
  return (
    <Tooltip
      title={t('user.deletionHint', {
        at: when(user.deletion.requested_at),
        after: when(user.deletion.process_after),
      })}
    >
      <Tag color="red" data-testid="user-deletion-tag">
        {t('user.deletionPending')}
      </Tag>
    </Tooltip>
  );
}

/** The device's automatic guest account: no phone bound, name derived from the device id. */
function GuestTag({ t }: { t: Translate }) {
  return (
    <Tooltip title={t('user.guestHint')}>
      <Tag color="default" style={{ marginInlineEnd: 0 }} data-testid="user-guest-tag">
        {t('user.guest')}
      </Tag>
    </Tooltip>
  );
}

interface EditValues {
  group_id: number;
  user_end_time: Dayjs | null;
  user_status: number;
}

function toValues(u: Item): EditValues {
  return {
    group_id: u.group_id,
    user_end_time: u.user_end_time ? dayjs.unix(u.user_end_time) : null,
    user_status: u.user_status,
  };
}

function UserDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, lang } = useI18n();
  // The date picker's month and day names follow dayjs's global locale.
  dayjs.locale(lang === 'zh-cn' ? 'zh-cn' : 'en');
  const { message, modal } = AntApp.useApp();
  const groups = useGroups();
  const [form] = Form.useForm<EditValues>();
  const [serverError, setServerError] = useState<string | null>(null);
  const user = useQuery({
    queryKey: keys.user(id),
    queryFn: ({ signal }) => call('adminGetUser', { params: { id }, signal }),
  });
  const info = user.data?.info;
  const status = Form.useWatch('user_status', form);

  const save = useMutation({
    mutationFn: (body: Body<'adminUpdateUser'>) => call('adminUpdateUser', { params: { id }, body }),
    onSuccess: (res) => {
      queryClient.setQueryData(keys.user(id), res);
      void queryClient.invalidateQueries({ queryKey: keys.users });
      form.setFieldsValue(toValues(res.info));
      setServerError(null);
      message.success(t('common.saved'));
    },
    onError: (e) => {
      const msg = errorMessage(e, t('common.networkError'));
      setServerError(msg);
      const field = e instanceof ApiError ? e.field?.split('.')[0] : undefined;
      if (field === 'group_id' || field === 'user_end_time' || field === 'user_status') {
        form.setFields([{ name: field, errors: [msg] }]);
      }
    },
  });

  function onFinish(v: EditValues) {
    if (!info) return;
    const body: Body<'adminUpdateUser'> = {};
    if (v.group_id !== info.group_id) body.group_id = v.group_id;
    const end = v.user_end_time ? v.user_end_time.unix() : 0;
    if (end !== info.user_end_time) body.user_end_time = end;
    if (v.user_status !== info.user_status) body.user_status = v.user_status;
    if (Object.keys(body).length === 0) {
      message.info(t('common.noChanges'));
      return;
    }
    if (body.user_status === 0) {
      modal.confirm({
        title: t('user.disableTitle', { name: info.user_name }),
        content: t('user.disableConfirm'),
        okText: t('user.disableOk'),
        okButtonProps: { danger: true, 'data-testid': 'user-disable-ok' },
        cancelText: t('common.cancel'),
        onOk: () => save.mutateAsync(body).catch(() => undefined),
      });
      return;
    }
    save.mutate(body);
  }

  const groupOptions = (groups.data ?? [])
    .filter((g) => g.group_id !== 1 || info?.group_id === 1)
    .map((g) => ({
      value: g.group_id,
      label: `${g.group_name} (#${g.group_id})${g.group_status === 1 ? '' : ` · ${t('common.disabled')}`}`,
    }));

  return (
    <Drawer
      open
      onClose={onClose}
      size={560}
      title={info ? `${info.user_name} #${info.user_id}` : t('user.detail')}
      destroyOnHidden
      data-testid="user-drawer"
      extra={
        info && (
          <Button type="primary" onClick={() => form.submit()} loading={save.isPending} data-testid="user-save">
            {t('common.save')}
          </Button>
        )
      }
    >
      {user.isError && (
        <Result
          status={user.error instanceof ApiError && user.error.status === 404 ? '404' : 'error'}
          title={errorMessage(user.error, t('common.loadFailed'))}
          extra={<Button onClick={() => user.refetch()}>{t('common.reload')}</Button>}
        />
      )}
      {!info && !user.isError && <PageSpin />}
      {info && (
        <>
          <Space align="center" size={16} style={{ marginBottom: 16 }}>
            <Avatar size={56} src={info.user_portrait || undefined}>
              {(info.user_nick_name || info.user_name).slice(0, 1).toUpperCase()}
            </Avatar>
            <div>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {info.user_nick_name || info.user_name}
              </Typography.Title>
              <Space size={4} wrap style={{ marginTop: 4 }}>
                {info.is_guest && <GuestTag t={t} />}
                {info.is_vip && <Tag color="gold">VIP</Tag>}
                {info.user_status === 1 ? (
                  <Tag color="green">{t('user.enabled')}</Tag>
                ) : (
                  <Tag>{t('user.disabled')}</Tag>
                )}
                <DeletionTag user={info} t={t} />
              </Space>
            </div>
          </Space>
          {info.deletion && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('user.deletionHint', {
                at: when(info.deletion.requested_at),
                after: when(info.deletion.process_after),
              })}
            />
          )}
          <Typography.Title level={5}>{t('user.edit')}</Typography.Title>
          {serverError && (
            <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="user-error" />
          )}
          <Form<EditValues>
            form={form}
            layout="vertical"
            initialValues={toValues(info)}
            onFinish={onFinish}
            onValuesChange={() => serverError && setServerError(null)}
            key={info.user_id}
          >
            <Form.Item name="group_id" label={t('user.col.group')} rules={[{ required: true }]}>
              <Select
                options={groupOptions}
                loading={groups.isLoading}
                data-testid="user-group"
                popupMatchSelectWidth={false}
              />
            </Form.Item>
            <Form.Item name="user_end_time" label={t('user.col.vipEnd')} extra={t('user.vipEndHelp')}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                allowClear
                style={{ width: '100%' }}
                presets={[
                  { label: t('user.preset.month'), value: () => dayjs().add(1, 'month') },
                  { label: t('user.preset.quarter'), value: () => dayjs().add(3, 'month') },
                  { label: t('user.preset.year'), value: () => dayjs().add(1, 'year') },
                ]}
                data-testid="user-vip-end"
              />
            </Form.Item>
            <Form.Item
              name="user_status"
              label={t('user.col.status')}
              valuePropName="checked"
              getValueProps={(v: number) => ({ checked: v === 1 })}
              normalize={(c: boolean) => (c ? 1 : 0)}
              extra={status === 0 && info.user_status === 1 ? t('user.disableHelp') : undefined}
            >
              <Switch
                checkedChildren={t('user.enabled')}
                unCheckedChildren={t('user.disabled')}
                data-testid="user-status"
              />
            </Form.Item>
          </Form>
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            {t('user.detail')}
          </Typography.Title>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'name', label: t('user.col.name'), children: info.user_name },
              { key: 'nick', label: t('user.col.nick'), children: info.user_nick_name || '-' },
              {
                key: 'phone',
                label: t('user.col.phone'),
                children: info.user_phone_full ? (
                  <Typography.Text copyable data-testid="user-phone-full">
                    {info.user_phone_full}
                  </Typography.Text>
                ) : (
                  '-'
                ),
              },
              {
                key: 'group',
                label: t('user.col.group'),
                children: `${groupLabel(info.group_id, info.group?.group_name, t)} (#${info.group_id})`,
              },
              { key: 'points', label: t('user.col.points'), children: info.user_points },
              {
                key: 'noad',
                label: t('user.noad'),
                children: info.user_noad_time ? formatSeconds(info.user_noad_time, true) : '-',
              },
              {
                key: 'gender',
                label: t('user.gender'),
                children: t(
                  info.user_gender === 1 ? 'user.gender.1' : info.user_gender === 2 ? 'user.gender.2' : 'user.gender.0',
                ),
              },
              { key: 'birthday', label: t('user.birthday'), children: info.user_birthday || '-' },
              { key: 'invite', label: t('user.invite'), children: info.invitation_code || '-' },
              { key: 'imei', label: 'IMEI', children: info.imei || '-' },
              { key: 'reg', label: t('user.col.reg'), children: when(info.user_reg_time) },
              { key: 'login', label: t('user.col.login'), children: when(info.user_login_time) },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

export default function UsersPage() {
  const { t } = useI18n();
  const { search, update } = useUrlQuery();
  const groups = useGroups();
  const groupName = new Map((groups.data ?? []).map((g) => [g.group_id, g.group_name]));

  const status = intParam(search.get('user_status'));
  const guestParam = intParam(search.get('guest'));
  const query = {
    wd: search.get('wd') || undefined,
    group_id: intParam(search.get('group_id')) || undefined,
    user_status: status === 0 || status === 1 ? status : undefined,
    deletion: search.get('deletion') === 'pending' ? ('pending' as const) : undefined,
    guest: guestParam === 0 || guestParam === 1 ? guestParam : undefined,
    page: intParam(search.get('page')) || 1,
    limit: intParam(search.get('limit')) || 20,
  };
  const [wd, setWd] = useState(query.wd ?? '');
  const open = intParam(search.get('user')) || null;

  const list = useQuery({
    queryKey: [...keys.users, query],
    queryFn: ({ signal }) => call('adminListUsers', { query, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<Item> = [
    { title: 'ID', dataIndex: 'user_id', width: 70 },
    {
      title: t('user.col.user'),
      dataIndex: 'user_name',
      render: (name: string, row) => (
        <Space size={10} style={{ minWidth: 160 }}>
          <Avatar src={row.user_portrait || undefined} alt={name}>
            {(row.user_nick_name || name).slice(0, 1).toUpperCase()}
          </Avatar>
          <div style={{ lineHeight: 1.35 }}>
            <Space size={6} wrap>
              <Typography.Link onClick={() => update({ user: row.user_id })} strong data-testid="user-open">
                {name}
              </Typography.Link>
              {row.is_guest && <GuestTag t={t} />}
            </Space>
            <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{row.user_nick_name || '-'}</div>
          </div>
        </Space>
      ),
    },
    {
      title: t('user.col.phone'),
      dataIndex: 'user_phone',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v || '-'}</span>,
    },
    {
      title: t('user.col.group'),
      dataIndex: 'group_id',
      // The group that applies (as the server's group filter and the free quota read it): a device's guest account
      // below VIP is in group 1, the guest group, though it is stored in group 2 (group 1 is never stored).
      render: (id: number, row) => {
        const shown = row.is_guest && id < 3 ? 1 : id;
        const name = shown === id ? (row.group?.group_name ?? groupName.get(id)) : groupName.get(shown);
        return (
          <Tag color={shown >= 3 ? 'gold' : shown === 2 ? 'blue' : undefined} data-testid="user-group-tag">
            {groupLabel(shown, name, t)}
          </Tag>
        );
      },
    },
    {
      title: t('user.col.vipEnd'),
      dataIndex: 'user_end_time',
      render: (sec: number, row) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <span>{sec ? formatSeconds(sec) : '-'}</span>
          {row.is_vip && <Tag color="gold">VIP</Tag>}
        </Space>
      ),
    },
    { title: t('user.col.points'), dataIndex: 'user_points', align: 'right' },
    {
      title: t('user.col.status'),
      dataIndex: 'user_status',
      render: (v: number) => (v === 1 ? <Tag color="green">{t('user.enabled')}</Tag> : <Tag>{t('user.disabled')}</Tag>),
    },
    {
      title: t('user.col.reg'),
      dataIndex: 'user_reg_time',
      render: (v: string) => <TwoLineTime iso={v} />,
    },
    {
      title: t('user.col.login'),
      dataIndex: 'user_login_time',
      render: (v: string) => <TwoLineTime iso={v} />,
    },
    {
      title: t('user.col.deletion'),
      dataIndex: 'deletion',
      render: (_v, row) => (row.deletion ? <DeletionTag user={row} t={t} /> : '-'),
    },
  ];

  return (
    <Card title={<span data-testid="users-page-title">{t('nav.users')}</span>} styles={{ body: { paddingTop: 12 } }}>
      <FilteredTable<Item>
        list={list}
        query={query}
        update={update}
        rowKey="user_id"
        columns={columns}
        testId="user-table"
        filters={
          <>
            <Input.Search
              allowClear
              placeholder={t('user.search')}
              value={wd}
              onChange={(e) => setWd(e.target.value)}
              onSearch={(v) => update({ wd: v.trim(), page: undefined })}
              style={{ width: 290 }}
              data-testid="user-search"
            />
            <Select
              style={{ width: 170 }}
              value={query.group_id ?? 0}
              loading={groups.isLoading}
              onChange={(v: number) => update({ group_id: v || undefined, page: undefined })}
              options={[
                { value: 0, label: `${t('user.col.group')}: ${t('common.all')}` },
                ...(groups.data ?? []).map((g) => ({ value: g.group_id, label: g.group_name })),
              ]}
              popupMatchSelectWidth={false}
              data-testid="user-filter-group"
            />
            <Select
              style={{ width: 140 }}
              value={query.user_status ?? -1}
              onChange={(v: number) => update({ user_status: v < 0 ? undefined : v, page: undefined })}
              options={[
                { value: -1, label: `${t('user.col.status')}: ${t('common.all')}` },
                { value: 1, label: t('user.enabled') },
                { value: 0, label: t('user.disabled') },
              ]}
              data-testid="user-filter-status"
            />
            <Select
              style={{ width: 150 }}
              value={query.guest ?? -1}
              onChange={(v: number) => update({ guest: v < 0 ? undefined : v, page: undefined })}
              options={[
                { value: -1, label: `${t('user.kind')}: ${t('common.all')}` },
                { value: 1, label: t('user.kind.guests') },
                { value: 0, label: t('user.kind.accounts') },
              ]}
              popupMatchSelectWidth={false}
              data-testid="user-filter-guest"
            />
            <Checkbox
              checked={query.deletion === 'pending'}
              onChange={(e) => update({ deletion: e.target.checked ? 'pending' : undefined, page: undefined })}
              data-testid="user-filter-deletion"
            >
              {t('user.filterDeletion')}
            </Checkbox>
          </>
        }
      />
      {open && <UserDrawer key={open} id={open} onClose={() => update({ user: undefined })} />}
    </Card>
  );
}
