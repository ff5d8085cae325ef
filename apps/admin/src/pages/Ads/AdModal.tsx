/**
 * The ads page's add/edit dialog (adminCreateAd / adminUpdateAd) with its sandboxed preview, and the slot helpers the
 * page shares.
 */
import { AD_SLOT, type AdItem, BANNER_SIZE } from '@openvod/contract';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, type Body, call, errorMessage, type Res } from '../../api.ts';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { bit, isAddress, urlRule, useAction } from '../../ui.tsx';

export const adKeys = {
  list: (slot: number) => ['admin', 'ads', slot] as const,
  stats: (slot: number) => ['admin', 'ads', slot, 'stats'] as const,
};

/** The sandbox of script-ad previews: as the app's (scripts and pop-ups, never same-origin). */
export const PREVIEW_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

export type AdsConfig = Res<'adminGetAppConfig'>['info']['ads'];

/** Whether `ads.list` switches `slot` on (as the server reads it: 12, "12" or {ad_local_type: 12}). */
export function slotOn(ads: AdsConfig | undefined, slot: number): boolean {
  return (ads?.list ?? []).some((e) => {
    if (typeof e === 'number' || typeof e === 'string') return String(e).trim() !== '' && Number(e) === slot;
    if (e && typeof e === 'object') {
      const o = e as Record<string, unknown>;
      return Number(o.ad_local_type) === slot && o.ad_status !== 0 && o.ad_status !== '0';
    }
    return false;
  });
}

/** `ads.list` with `slot` switched on or off (other entries kept). */
export function withSlot(ads: AdsConfig, slot: number, on: boolean): AdsConfig {
  const rest = ads.list.filter((e) => {
    if (typeof e === 'number' || typeof e === 'string') return Number(e) !== slot;
    if (e && typeof e === 'object') return Number((e as Record<string, unknown>).ad_local_type) !== slot;
    return true;
  });
  return { ...ads, list: on ? [...rest, slot] : rest };
}

export const AD_TYPES: Array<[number, MessageKey]> = [
  [0, 'ads.type.0'],
  [1, 'ads.type.1'],
  [2, 'ads.type.2'],
  [3, 'ads.type.3'],
  [4, 'ads.type.4'],
];
export const SHOW_TYPES: Array<[number, MessageKey]> = [
  [0, 'ads.show.0'],
  [1, 'ads.show.1'],
  [2, 'ads.show.2'],
  [3, 'ads.show.3'],
];

export interface Values extends Omit<Body<'adminCreateAd'>, 'ad_start_time' | 'ad_end_time'> {
  schedule?: [Dayjs | null, Dayjs | null] | null;
}

/** The preview box's shape: the ad's size, else the slot's (banner 750 x 50, splash portrait, others 16:9). */
export function previewRatio(slot: number, width: number, height: number): string {
  if (width > 0 && height > 0) return `${width} / ${height}`;
  if (slot === AD_SLOT.banner || slot === AD_SLOT.detail) return `${BANNER_SIZE.width} / ${BANNER_SIZE.height}`;
  if (slot === AD_SLOT.splash) return '9 / 16';
  return '16 / 9';
}

export function AdPreview({
  type,
  pic,
  video,
  ratio,
  savedFrame,
}: {
  type: number;
  pic: string;
  video: string;
  ratio: string;
  /** The saved script / network ad's frame document (adFrame), when the form still shows what is saved. */
  savedFrame?: number;
}) {
  const { t } = useI18n();
  const box = { width: 320, aspectRatio: ratio, background: '#000', borderRadius: 6, overflow: 'hidden' };
  if (type === 3 || type === 0) {
    // The app's CSP forbids inline script, so a script runs only in the server's sandboxed frame: saved ads only.
    if (savedFrame === undefined)
      return <Typography.Text type="secondary">{t('ads.scriptPreviewSave')}</Typography.Text>;
    return (
      <iframe
        title={t('ads.preview')}
        sandbox={PREVIEW_SANDBOX}
        src={`/api/ads/${savedFrame}/frame`}
        referrerPolicy="no-referrer"
        style={{ ...box, border: 0, display: 'block', background: '#fff' }}
        data-testid="ad-preview-script"
      />
    );
  }
  if (type === 2 && isAddress(video)) {
    return (
      <video
        src={video.trim()}
        poster={isAddress(pic) ? pic.trim() : undefined}
        muted
        controls
        playsInline
        style={{ ...box, display: 'block' }}
        data-testid="ad-preview-video"
      />
    );
  }
  if ((type === 1 || type === 2) && isAddress(pic)) {
    return (
      <img
        src={pic.trim()}
        alt=""
        style={{ ...box, objectFit: 'contain', display: 'block' }}
        data-testid="ad-preview-image"
      />
    );
  }
  return <Typography.Text type="secondary">{t('ads.noPreview')}</Typography.Text>;
}

export function AdModal({ ad, slot, onClose }: { ad: AdItem | null; slot: number; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [serverError, setServerError] = useState<string | null>(null);
  const type = Form.useWatch('ad_type', form) ?? ad?.ad_type ?? 1;
  const pic = Form.useWatch('ad_pic_url', form) ?? '';
  const video = Form.useWatch('ad_video_url', form) ?? '';
  const js = Form.useWatch('ad_js_code', form) ?? '';
  const googleId = Form.useWatch('ad_google_id', form) ?? '';
  const formSlot = Form.useWatch('ad_local_type', form) ?? slot;
  const width = Form.useWatch('ad_width', form) ?? 0;
  const height = Form.useWatch('ad_height', form) ?? 0;
  const save = useAction({
    mutationFn: (v: Values) => {
      const { schedule, ...rest } = v;
      const body = {
        ...rest,
        ad_pic_url: (rest.ad_pic_url ?? '').trim(),
        ad_url: (rest.ad_url ?? '').trim(),
        ad_video_url: (rest.ad_video_url ?? '').trim(),
        ad_js_code: rest.ad_js_code ?? '',
        ad_uni_id: rest.ad_uni_id ?? '',
        ad_google_id: rest.ad_google_id ?? '',
        ad_start_time: schedule?.[0] ? schedule[0].toISOString() : null,
        ad_end_time: schedule?.[1] ? schedule[1].toISOString() : null,
      };
      return ad
        ? call('adminUpdateAd', { params: { id: ad.ad_id }, body })
        : call('adminCreateAd', { body: body as Body<'adminCreateAd'> });
    },
    invalidate: [adKeys.list(slot)],
  });
  const initial: Values = {
    ad_name: ad?.ad_name ?? '',
    ad_local_type: ad?.ad_local_type ?? slot,
    ad_type: ad?.ad_type ?? 1,
    ad_status: ad?.ad_status ?? 1,
    ad_platform_type: (ad?.ad_platform_type as Values['ad_platform_type']) ?? 'h5',
    ad_show_type: ad?.ad_show_type ?? 2,
    ad_width: ad?.ad_width ?? 0,
    ad_height: ad?.ad_height ?? 0,
    ad_show_num: ad?.ad_show_num ?? 0,
    ad_show_times: ad?.ad_show_times ?? 0,
    ad_pic_url: ad?.ad_pic_url ?? '',
    ad_url: ad?.ad_url ?? '',
    ad_video_url: ad?.ad_video_url ?? '',
    ad_js_code: ad?.ad_js_code ?? '',
    ad_uni_id: ad?.ad_uni_id ?? '',
    ad_google_id: ad?.ad_google_id ?? '',
    ad_sort: ad?.ad_sort ?? 0,
    ad_closable: ad?.ad_closable ?? 1,
    ad_duration: ad?.ad_duration ?? 0,
    schedule: [ad?.ad_start_time ? dayjs(ad.ad_start_time) : null, ad?.ad_end_time ? dayjs(ad.ad_end_time) : null],
  };
  const urlField = (name: 'ad_pic_url' | 'ad_video_url' | 'ad_url', label: MessageKey, testId: string) => (
    <Form.Item name={name} label={t(label)} rules={[urlRule(t('common.urlInvalid'))]}>
      <Input allowClear maxLength={1024} data-testid={testId} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={ad ? t('ads.edit') : t('ads.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'ad-save' }}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      {serverError && (
        <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="ad-error" />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => serverError && setServerError(null)}
        onFinish={(v) => {
          setServerError(null);
          save.mutate(v, {
            onSuccess: onClose,
            onError: (e) => {
              const msg = errorMessage(e, t('common.networkError'));
              setServerError(msg);
              const field = e instanceof ApiError ? e.field : undefined;
              if (field && field in initial) form.setFields([{ name: field as keyof Values, errors: [msg] }]);
            },
          });
        }}
      >
        <Form.Item name="ad_name" label={t('ads.f.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} data-testid="ad-name" />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="ad_local_type" label={t('ads.f.slot')} extra={t('ads.slotHelp')}>
            <InputNumber min={0} max={1000} />
          </Form.Item>
          <Form.Item name="ad_type" label={t('ads.f.type')}>
            <Select style={{ width: 170 }} options={AD_TYPES.map(([v, k]) => ({ value: v, label: t(k) }))} />
          </Form.Item>
          <Form.Item name="ad_show_type" label={t('ads.f.showType')}>
            <Select style={{ width: 170 }} options={SHOW_TYPES.map(([v, k]) => ({ value: v, label: t(k) }))} />
          </Form.Item>
          <Form.Item name="ad_platform_type" label={t('ads.f.platform')}>
            <Select style={{ width: 100 }} options={['h5', 'app', 'mp'].map((v) => ({ value: v, label: v }))} />
          </Form.Item>
        </Space>
        {urlField('ad_pic_url', 'ads.f.pic', 'ad-pic')}
        {urlField('ad_video_url', 'ads.f.video', 'ad-video')}
        {urlField('ad_url', 'ads.f.link', 'ad-link')}
        <Form.Item label={t('ads.preview')}>
          <AdPreview
            type={type}
            pic={pic}
            video={video}
            ratio={previewRatio(formSlot, width ?? 0, height ?? 0)}
            savedFrame={
              ad && ad.ad_type === type && ad.ad_js_code === js && ad.ad_google_id === googleId ? ad.ad_id : undefined
            }
          />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="ad_status" label={t('ads.f.status')} {...bit}>
            <Switch />
          </Form.Item>
          <Form.Item name="ad_closable" label={t('ads.f.closable')} {...bit}>
            <Switch />
          </Form.Item>
          <Form.Item name="ad_sort" label={t('ads.f.sort')}>
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="ad_duration" label={t('ads.f.duration')} extra={t('ads.durationHelp')}>
            <InputNumber min={0} max={600} />
          </Form.Item>
        </Space>
        <Form.Item name="schedule" label={t('ads.f.schedule')} extra={t('ads.scheduleHelp')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="ad_width" label={t('ads.f.width')}>
            <InputNumber min={0} max={10000} />
          </Form.Item>
          <Form.Item name="ad_height" label={t('ads.f.height')}>
            <InputNumber min={0} max={10000} />
          </Form.Item>
          <Form.Item name="ad_show_num" label={t('ads.f.showNum')}>
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="ad_show_times" label={t('ads.f.showTimes')}>
            <InputNumber min={0} />
          </Form.Item>
        </Space>
        <Form.Item name="ad_uni_id" label={t('ads.f.uniId')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="ad_google_id" label={t('ads.f.googleId')} extra={t('ads.googleIdHelp')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="ad_js_code" label={t('ads.f.js')} extra={t('ads.jsHelp')}>
          <Input.TextArea rows={3} maxLength={20000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
