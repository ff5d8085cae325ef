/**
 * The users page's drawer: one member's record and its edit form (adminGetUser / adminUpdateUser), and the labels the
 * list shares.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Avatar,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Result,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, type Body, call, errorMessage, type Res } from '../../api.ts';
import { type Translate, useI18n } from '../../i18n.ts';
import { keys, useGroups } from '../../queries.ts';
import { PageSpin, when } from '../../ui.tsx';

export type ListRes = Res<'adminListUsers'>;
export type Item = ListRes['list'][number];

export const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds since the epoch as a local `YYYY-MM-DD` (with the time when `withTime`). */
export function formatSeconds(sec: number, withTime = false): string {
  if (!sec) return '';
  const d = new Date(sec * 1000);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}` : date;
}

/** `formatTime` for times that may be empty (never signed in). */

export function groupLabel(id: number, name: string | undefined, t: Translate): string {
  if (name) return name;
  if (id === 1) return t('group.kind.guest');
  if (id === 2) return t('group.kind.member');
  return `#${id}`;
}

/** `YYYY-MM-DD` over `HH:mm`, to keep the table narrow. */
export function TwoLineTime({ iso }: { iso: string | null | undefined }) {
  const text = when(iso);
  const [date, time] = text.split(' ');
  return (
    <div style={{ whiteSpace: 'nowrap', lineHeight: 1.35 }}>
      {date}
      {time && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{time}</div>}
    </div>
  );
}

export function DeletionTag({ user, t }: { user: Item; t: Translate }) {
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
export function GuestTag({ t }: { t: Translate }) {
  return (
    <Tooltip title={t('user.guestHint')}>
      <Tag color="default" style={{ marginInlineEnd: 0 }} data-testid="user-guest-tag">
        {t('user.guest')}
      </Tag>
    </Tooltip>
  );
}

export interface EditValues {
  group_id: number;
  user_end_time: Dayjs | null;
  user_status: number;
}

export function toValues(u: Item): EditValues {
  return {
    group_id: u.group_id,
    user_end_time: u.user_end_time ? dayjs.unix(u.user_end_time) : null,
    user_status: u.user_status,
  };
}

export function UserDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
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
