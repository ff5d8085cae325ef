/**
 * Ads (issue 5 item 6, issue 7 item 6; spec §3 "Ad record", §4 "Banner ad", §5): the ads of a slot - the named ones
 * are 1 the launch splash, 2 the banner, 12 the player's pre-play and pause slot (the default), 16 the title page -
 * with the slot's ad switch (the app config's `ads.list`, read by adList), the config's `showGoogle` and `showVipAd`,
 * the slot's order (move up / down), each ad's impressions, clicks, rewarded clicks and completed rewarded views of
 * the last 7 operator days (counted by the server), and an editor with every field of the ad record, its schedule
 * and a live preview (script code in a sandboxed frame, as the app draws it). Calls adminListAds, adminCreateAd,
 * adminUpdateAd, adminDeleteAd, adminReorderAds, adminAdStats, adminGetAppConfig and adminUpdateAppConfig.
 */
import { AD_SLOT, AD_SLOT_NAMES, type AdItem } from '@openvod/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../../api.ts';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { DataTable, DeleteButton, ListCard, RowMeta, switchColumn, useAction } from '../../ui.tsx';
import { AdModal, adKeys, slotOn, withSlot } from './AdModal.tsx';

export default function AdsPage() {
  const { t } = useI18n();
  const [slot, setSlot] = useState<number>(AD_SLOT.player);
  const [editing, setEditing] = useState<AdItem | 'new' | null>(null);
  const ads = useQuery({
    queryKey: adKeys.list(slot),
    queryFn: ({ signal }) => call('adminListAds', { query: { ad_local_type: slot }, signal }).then((r) => r.list),
  });
  const config = useQuery({
    queryKey: keys.appConfig,
    queryFn: ({ signal }) => call('adminGetAppConfig', { signal }).then((r) => r.info),
  });
  const stats = useQuery({
    queryKey: adKeys.stats(slot),
    queryFn: ({ signal }) => call('adminAdStats', { query: { ad_local_type: slot }, signal }),
  });
  const statOf = new Map((stats.data?.list ?? []).map((s) => [s.ad_id, s]));
  const adsConfig = config.data?.ads ?? { list: [], showGoogle: false, showVipAd: false };
  const toggleSlot = useAction({
    mutationFn: (on: boolean) => call('adminUpdateAppConfig', { body: { ads: withSlot(adsConfig, slot, on) } }),
    invalidate: [keys.appConfig],
  });
  const setFlag = useAction({
    mutationFn: (v: { showGoogle?: boolean; showVipAd?: boolean }) =>
      call('adminUpdateAppConfig', { body: { ads: { ...adsConfig, ...v } } }),
    invalidate: [keys.appConfig],
  });
  const reorder = useAction({
    mutationFn: (ids: number[]) => call('adminReorderAds', { body: { ad_local_type: slot, ids } }),
    invalidate: [adKeys.list(slot)],
    success: null,
  });
  const list = ads.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((a) => a.ad_id);
    const j = index + by;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j] as number, ids[index] as number];
    reorder.mutate(ids);
  };
  const num = (n: number | undefined) => (stats.data ? (n ?? 0) : '…');
  const update = useAction({
    mutationFn: (v: { id: number; ad_status: number }) =>
      call('adminUpdateAd', { params: { id: v.id }, body: { ad_status: v.ad_status } }),
    invalidate: [adKeys.list(slot)],
  });
  const remove = useAction({
    mutationFn: (id: number) => call('adminDeleteAd', { params: { id } }),
    invalidate: [adKeys.list(slot)],
    success: 'common.deleted',
  });
  const now = Date.now();
  const columns: ColumnsType<AdItem> = [
    {
      title: t('ads.f.name'),
      dataIndex: 'ad_name',
      render: (name: string, row) => (
        <div>
          <Space size={4} wrap>
            <span>{name}</span>
            {row.ad_end_time && Date.parse(row.ad_end_time) < now && <Tag>{t('ads.ended')}</Tag>}
            {row.ad_start_time && Date.parse(row.ad_start_time) > now && <Tag color="blue">{t('ads.upcoming')}</Tag>}
            {row.ad_platform_type !== 'h5' && <Tag>{row.ad_platform_type}</Tag>}
          </Space>
          <RowMeta id={row.ad_id} parts={[t(`ads.type.${row.ad_type}` as MessageKey), `#${row.ad_sort}`]} />
        </div>
      ),
    },
    {
      title: t('ads.preview'),
      width: 140,
      render: (_: unknown, row) =>
        row.ad_pic_url ? (
          <img src={row.ad_pic_url} alt="" style={{ width: 120, aspectRatio: '16 / 9', objectFit: 'cover' }} />
        ) : (
          <Typography.Text type="secondary">{row.ad_video_url ? t('ads.type.2') : '—'}</Typography.Text>
        ),
    },
    {
      title: t('ads.col.impressions'),
      width: 90,
      align: 'right',
      render: (_: unknown, row) => (
        <span data-testid={`ad-impressions-${row.ad_id}`}>{num(statOf.get(row.ad_id)?.impressions)}</span>
      ),
    },
    {
      title: t('ads.col.clicks'),
      width: 80,
      align: 'right',
      render: (_: unknown, row) => (
        <span data-testid={`ad-clicks-${row.ad_id}`}>{num(statOf.get(row.ad_id)?.clicks)}</span>
      ),
    },
    {
      title: t('ads.col.paidClicks'),
      width: 100,
      align: 'right',
      render: (_: unknown, row) => num(statOf.get(row.ad_id)?.paid_clicks),
    },
    {
      title: t('ads.col.rewards'),
      width: 100,
      align: 'right',
      render: (_: unknown, row) => {
        const r = statOf.get(row.ad_id)?.rewards;
        return r === null ? (
          <Tooltip title={t('ads.col.rewardsNone')}>
            <Typography.Text type="secondary">—</Typography.Text>
          </Tooltip>
        ) : (
          num(r)
        );
      },
    },
    switchColumn<AdItem>({
      title: t('ads.f.status'),
      dataIndex: 'ad_status',
      name: (r) => r.ad_name,
      loading: (r) => update.isPending && update.variables?.id === r.ad_id,
      onChange: (r, on) => update.mutate({ id: r.ad_id, ad_status: on ? 1 : 0 }),
      testId: (r) => `ad-status-${r.ad_id}`,
    }),
    {
      title: '',
      width: 250,
      render: (_: unknown, row, index) => (
        <Space>
          <Button
            size="small"
            disabled={index === 0 || reorder.isPending}
            onClick={() => move(index, -1)}
            aria-label={`${t('ads.moveUp')} ${row.ad_name}`}
            data-testid={`ad-up-${row.ad_id}`}
          >
            ↑
          </Button>
          <Button
            size="small"
            disabled={index === list.length - 1 || reorder.isPending}
            onClick={() => move(index, 1)}
            aria-label={`${t('ads.moveDown')} ${row.ad_name}`}
            data-testid={`ad-down-${row.ad_id}`}
          >
            ↓
          </Button>
          <Button size="small" onClick={() => setEditing(row)} data-testid={`ad-edit-${row.ad_id}`}>
            {t('common.edit')}
          </Button>
          <DeleteButton
            name={row.ad_name}
            onConfirm={() => remove.mutateAsync(row.ad_id)}
            testId={`ad-delete-${row.ad_id}`}
          />
        </Space>
      ),
    },
  ];
  const on = slotOn(config.data?.ads, slot);
  return (
    <ListCard
      title={t('ads.title')}
      testId="ads-page"
      error={ads.error ?? config.error ?? stats.error}
      help={t('ads.help')}
      extra={
        <Space wrap>
          <Select
            style={{ width: 170 }}
            value={AD_SLOT_NAMES.some((n) => n.slot === slot) ? slot : undefined}
            placeholder={t('ads.f.slot')}
            onChange={(v: number) => setSlot(v)}
            options={AD_SLOT_NAMES.map((n) => ({ value: n.slot, label: t(`ads.slot.${n.key}` as MessageKey) }))}
            data-testid="ads-slot-select"
          />
          <InputNumber
            min={0}
            max={1000}
            value={slot}
            onChange={(v) => typeof v === 'number' && setSlot(v)}
            addonBefore={t('ads.f.slot')}
            style={{ width: 150 }}
            data-testid="ads-slot"
          />
          <Space size={6}>
            <Switch
              checked={on}
              loading={toggleSlot.isPending || config.isPending}
              disabled={config.data === undefined}
              onChange={(v) => toggleSlot.mutate(v)}
              aria-label={t('ads.switch')}
              data-testid="ads-switch"
            />
            {/* Until the app config has loaded the slot's state is unknown: "loading", never a guessed "closed". */}
            <span data-testid="ads-switch-label">
              {config.data === undefined
                ? config.isError
                  ? t('common.loadFailed')
                  : t('common.loading')
                : on
                  ? t('ads.switchOn')
                  : t('ads.switchOff')}
            </span>
          </Space>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="ad-create">
            {t('ads.create')}
          </Button>
        </Space>
      }
    >
      <Space wrap size={24} style={{ marginBottom: 12 }}>
        <Space size={6}>
          <Switch
            checked={adsConfig.showGoogle}
            loading={setFlag.isPending || config.isPending}
            disabled={config.data === undefined}
            onChange={(v) => setFlag.mutate({ showGoogle: v })}
            data-testid="ads-show-google"
          />
          <span>{t('ads.showGoogle')}</span>
        </Space>
        <Space size={6}>
          <Switch
            checked={adsConfig.showVipAd}
            loading={setFlag.isPending || config.isPending}
            disabled={config.data === undefined}
            onChange={(v) => setFlag.mutate({ showVipAd: v })}
            data-testid="ads-show-vip"
          />
          <span>{t('ads.showVipAd')}</span>
        </Space>
        <Typography.Text type="secondary">
          {t('ads.statsRange')}
          {stats.data ? ` · ${stats.data.from} – ${stats.data.to}` : ''}
        </Typography.Text>
      </Space>
      <DataTable<AdItem>
        rowKey="ad_id"
        loading={ads.isPending}
        dataSource={list}
        columns={columns}
        pagination={false}
      />
      {editing && <AdModal ad={editing === 'new' ? null : editing} slot={slot} onClose={() => setEditing(null)} />}
    </ListCard>
  );
}
