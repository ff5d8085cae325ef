import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Card, Checkbox, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import 'dayjs/locale/zh-cn';
import { useState } from 'react';
import { call } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys, useGroups } from '../../queries.ts';
import { FilteredTable, intParam, useUrlQuery } from '../../ui.tsx';
import { DeletionTag, formatSeconds, GuestTag, groupLabel, type Item, TwoLineTime, UserDrawer } from './UserDrawer.tsx';

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
