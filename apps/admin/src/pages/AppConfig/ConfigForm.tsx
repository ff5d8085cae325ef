/**
 * The app configuration form: every field of adminGetAppConfig, JSON fields checked before they are sent
 * (adminUpdateAppConfig).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  ColorPicker,
  Descriptions,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError, type Body, call, errorMessage, type Res } from '../../api.ts';
import { type MessageKey, type Translate, useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';

/** The console's view of the app config: the public fields plus the server-side accounts settings. */
export type AppConfig = Res<'adminGetAppConfig'>['info'];
export type Update = Body<'adminUpdateAppConfig'>;
/** The editable fields: every AppConfig field but the three the server derives from its own settings. */
export type Editable = Required<Update>;
export type Key = keyof Editable;

/** Fields edited as JSON text. */
export const JSON_KEYS = ['menu', 'ads', 'player'] as const satisfies readonly Key[];
export type JsonKey = (typeof JSON_KEYS)[number];

/** The form's values: as AppConfig, with the JSON fields as text. */
export type Values = Omit<Editable, JsonKey> & Record<JsonKey, string>;
export type FieldName = Parameters<FormInstance<Values>['setFields']>[0][number]['name'];

export const ALL_KEYS = [
  'app_short_name',
  'app_share_name',
  'template',
  'scale',
  'disCount',
  'bindPhonePoint',
  'keepalive_points',
  'reg_ip_daily_limit',
  'tourist_state',
  'domain_list',
  'menu',
  'notice_state',
  'notice_title',
  'notice_desc',
  'app_privacy_policy_alert',
  'app_privacy_policy',
  'app_user_agreement',
  'app_barrage_state',
  'comment_status',
  'encrypt_state',
  'ads',
  'player',
] as const satisfies readonly Key[];
export const allKeysListed: Exclude<Key, (typeof ALL_KEYS)[number]> extends never ? true : false = true;
void allKeysListed;

export const isJsonKey = (k: string): k is JsonKey => (JSON_KEYS as readonly string[]).includes(k);
export const isKey = (k: string | undefined): k is Key => !!k && (ALL_KEYS as readonly string[]).includes(k);

export function toValues(c: AppConfig): Values {
  const out = {} as Record<Key, unknown>;
  for (const k of ALL_KEYS) out[k] = isJsonKey(k) ? JSON.stringify(c[k], null, 2) : c[k];
  out.template = { ...c.template };
  out.domain_list = [...c.domain_list];
  return out as Values;
}

/** Parse a JSON field, or a translated reason why it is not acceptable. */
export function parseJson(key: JsonKey, text: string, t: Translate): { value: unknown } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: `${t('cfg.json.invalid')}${e instanceof Error ? `: ${e.message}` : ''}` };
  }
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (key === 'menu') {
    if (!Array.isArray(value) || !value.every((i) => typeof i === 'string' || isObject(i))) {
      return { error: t('cfg.json.menu') };
    }
  } else if (key === 'ads') {
    if (
      !isObject(value) ||
      !Array.isArray(value.list) ||
      typeof value.showGoogle !== 'boolean' ||
      typeof value.showVipAd !== 'boolean'
    ) {
      return { error: t('cfg.json.ads') };
    }
  } else if (!isObject(value)) {
    return { error: t('cfg.json.object') };
  }
  return { value };
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ from the loaded config (JSON fields compared parsed, so reformatting is no change). */
export function changes(base: AppConfig, v: Values, t: Translate): Update {
  const out: Record<string, unknown> = {};
  for (const k of ALL_KEYS) {
    let next: unknown = v[k];
    if (isJsonKey(k)) {
      const parsed = parseJson(k, v[k], t);
      if ('error' in parsed) continue; // the form's validator blocks this case
      next = parsed.value;
    } else if (k === 'domain_list') {
      next = v.domain_list.map((d) => (d ?? '').trim()).filter(Boolean);
    } else if (typeof next === 'string' && k !== 'app_privacy_policy' && k !== 'app_user_agreement') {
      next = next.trim();
    }
    if (!same(next, base[k])) out[k] = next;
  }
  return out as Update;
}

export const bit = {
  valuePropName: 'checked',
  getValueProps: (v: number) => ({ checked: v === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
} as const;

export const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 };

export function Section({ title, children, testid }: { title: string; children: ReactNode; testid: string }) {
  return (
    <Card title={title} style={{ marginBottom: 16 }} data-testid={testid}>
      {children}
    </Card>
  );
}

export function ConfigForm({ info }: { info: AppConfig }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const base = useRef<AppConfig>(info);
  const [serverError, setServerError] = useState<string | null>(null);
  const encrypt = Form.useWatch('encrypt_state', form);

  const save = useMutation({
    mutationFn: (body: Update) => call('adminUpdateAppConfig', { body }),
    onSuccess: (res) => {
      queryClient.setQueryData(keys.appConfig, res);
      base.current = res.info;
      form.setFieldsValue(toValues(res.info));
      setServerError(null);
      message.success(t('common.saved'));
    },
    onError: (e) => {
      const msg = errorMessage(e, t('common.networkError'));
      setServerError(msg);
      const name = e instanceof ApiError ? fieldName(e.field) : null;
      if (name) {
        form.setFields([{ name, errors: [msg] }]);
        form.scrollToField(name, { block: 'center' });
      } else {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }
      message.error(msg);
    },
  });

  /** The form field of a server error's dotted path (`template.themeColor`, `domain_list.2`, `ads.list`). */
  function fieldName(path: string | undefined): FieldName | null {
    const [head, sub] = (path ?? '').split('.');
    if (!isKey(head)) return null;
    if (head === 'template') return ['template', 'themeColor'];
    if (head === 'domain_list' && sub !== undefined && /^\d+$/.test(sub)) {
      const i = Number(sub);
      return i < (form.getFieldValue('domain_list')?.length ?? 0) ? ['domain_list', i] : ['domain_list'];
    }
    return [head];
  }

  /** Back to the config as last loaded or saved. */
  function reset() {
    form.resetFields();
    form.setFieldsValue(toValues(base.current));
    setServerError(null);
  }

  function onFinish(values: Values) {
    const body = changes(base.current, values, t);
    if (Object.keys(body).length === 0) {
      message.info(t('common.noChanges'));
      return;
    }
    setServerError(null);
    save.mutate(body);
  }

  const label = (k: string, text: MessageKey) => (
    <span>
      {t(text)}{' '}
      <Typography.Text type="secondary" style={{ ...mono, fontSize: 11 }}>
        {k}
      </Typography.Text>
    </span>
  );
  const jsonRule = (key: JsonKey) => ({
    validator: (_r: unknown, v: string) => {
      const parsed = parseJson(key, v ?? '', t);
      return 'error' in parsed ? Promise.reject(new Error(parsed.error)) : Promise.resolve();
    },
  });
  const jsonArea = (key: JsonKey, help: MessageKey, rows = 8) => (
    <Form.Item name={key} label={label(key, `cfg.f.${key}` as MessageKey)} extra={t(help)} rules={[jsonRule(key)]}>
      <Input.TextArea
        autoSize={{ minRows: 4, maxRows: rows * 3 }}
        spellCheck={false}
        style={mono}
        data-testid={`cfg-${key}`}
      />
    </Form.Item>
  );
  const saveButton = (
    <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="cfg-save">
      {t('common.save')}
    </Button>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={toValues(info)}
      onFinish={onFinish}
      onValuesChange={() => serverError && setServerError(null)}
      scrollToFirstError
    >
      <Card
        title={t('nav.appConfig')}
        extra={
          <Space>
            <Button onClick={reset} data-testid="cfg-reset">
              {t('cfg.reset')}
            </Button>
            {saveButton}
          </Space>
        }
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: serverError ? 12 : 0 }}>
          {t('cfg.help')}
        </Typography.Paragraph>
        {serverError && <Alert type="error" showIcon title={serverError} data-testid="cfg-error" />}
      </Card>

      <Section title={t('cfg.section.general')} testid="cfg-general">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="app_short_name"
              label={label('app_short_name', 'cfg.f.app_short_name')}
              rules={[{ required: true, whitespace: true }]}
            >
              <Input data-testid="cfg-app_short_name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="app_share_name" label={label('app_share_name', 'cfg.f.app_share_name')}>
              <Input data-testid="cfg-app_share_name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name={['template', 'themeColor']}
              label={label('template.themeColor', 'cfg.f.themeColor')}
              getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
            >
              <ColorPicker
                showText
                disabledAlpha
                format="hex"
                presets={[
                  {
                    label: t('cfg.colors'),
                    colors: ['#1677ff', '#ff4d4f', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#722ed1', '#eb2f96'],
                  },
                ]}
                data-testid="cfg-themeColor"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="scale" label={label('scale', 'cfg.f.scale')} rules={[{ required: true }]}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="cfg-scale" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="disCount" label={label('disCount', 'cfg.f.disCount')} rules={[{ required: true }]}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="cfg-disCount" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="bindPhonePoint"
              label={label('bindPhonePoint', 'cfg.f.bindPhonePoint')}
              rules={[{ required: true }]}
            >
              <InputNumber precision={0} min={0} style={{ width: '100%' }} data-testid="cfg-bindPhonePoint" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="keepalive_points"
              label={label('keepalive_points', 'cfg.f.keepalive_points')}
              tooltip={t('cfg.f.keepalive_pointsHelp')}
              rules={[{ required: true }]}
            >
              <InputNumber precision={0} min={0} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="reg_ip_daily_limit"
              label={label('reg_ip_daily_limit', 'cfg.f.reg_ip_daily_limit')}
              tooltip={t('cfg.f.reg_ip_daily_limitHelp')}
              rules={[{ required: true }]}
            >
              <InputNumber precision={0} min={1} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="tourist_state"
              label={label('tourist_state', 'cfg.f.tourist_state')}
              tooltip={t('cfg.f.tourist_stateHelp')}
              valuePropName="checked"
              getValueProps={(v: string) => ({ checked: v === '1' })}
              normalize={(c: boolean) => (c ? '1' : '0')}
            >
              <Switch data-testid="cfg-tourist_state" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={label('domain_list', 'cfg.f.domain_list')} extra={t('cfg.f.domain_listHelp')}>
          <Form.List name="domain_list">
            {(fields, { add, remove }, { errors }) => (
              <div data-testid="cfg-domain_list">
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 0 }}>
                    <Form.Item
                      name={field.name}
                      rules={[
                        { required: true, whitespace: true, message: t('cfg.url') },
                        { type: 'url', message: t('cfg.url') },
                      ]}
                      style={{ width: 'min(520px, 70vw)', marginBottom: 8 }}
                    >
                      <Input placeholder="https://api.example.com" style={mono} />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)} aria-label={t('common.delete')}>
                      {t('common.delete')}
                    </Button>
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add('')} data-testid="cfg-domain-add">
                  {t('cfg.domain.add')}
                </Button>
                <Form.ErrorList errors={errors} />
              </div>
            )}
          </Form.List>
        </Form.Item>
        {jsonArea('menu', 'cfg.f.menuHelp', 6)}
      </Section>

      <Section title={t('cfg.section.notice')} testid="cfg-notice">
        <Form.Item name="notice_state" label={label('notice_state', 'cfg.f.notice_state')} {...bit}>
          <Switch data-testid="cfg-notice_state" />
        </Form.Item>
        <Form.Item name="notice_title" label={label('notice_title', 'cfg.f.notice_title')}>
          <Input data-testid="cfg-notice_title" />
        </Form.Item>
        <Form.Item name="notice_desc" label={label('notice_desc', 'cfg.f.notice_desc')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} data-testid="cfg-notice_desc" />
        </Form.Item>
      </Section>

      <Section title={t('cfg.section.privacy')} testid="cfg-privacy">
        <Form.Item
          name="app_privacy_policy_alert"
          label={label('app_privacy_policy_alert', 'cfg.f.app_privacy_policy_alert')}
          {...bit}
        >
          <Switch data-testid="cfg-app_privacy_policy_alert" />
        </Form.Item>
        <Form.Item name="app_privacy_policy" label={label('app_privacy_policy', 'cfg.f.app_privacy_policy')}>
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 16 }} data-testid="cfg-app_privacy_policy" />
        </Form.Item>
        <Form.Item name="app_user_agreement" label={label('app_user_agreement', 'cfg.f.app_user_agreement')}>
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 16 }} data-testid="cfg-app_user_agreement" />
        </Form.Item>
      </Section>

      <Section title={t('cfg.section.features')} testid="cfg-features">
        <Row gutter={16}>
          <Col xs={12} md={8}>
            <Form.Item name="app_barrage_state" label={label('app_barrage_state', 'cfg.f.app_barrage_state')} {...bit}>
              <Switch data-testid="cfg-app_barrage_state" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="comment_status" label={label('comment_status', 'cfg.f.comment_status')} {...bit}>
              <Switch data-testid="cfg-comment_status" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="encrypt_state" label={label('encrypt_state', 'cfg.f.encrypt_state')} {...bit}>
              <Switch data-testid="cfg-encrypt_state" />
            </Form.Item>
          </Col>
        </Row>
        <Alert
          type={encrypt === 1 ? 'warning' : 'info'}
          showIcon
          title={t('cfg.encryptWarning')}
          data-testid="cfg-encrypt-warning"
        />
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          style={{ marginTop: 16 }}
          title={<Typography.Text type="secondary">{t('cfg.readonly')}</Typography.Text>}
          items={[
            {
              key: 'sms',
              label: 'sms_enabled',
              children: (
                <Tag color={info.sms_enabled ? 'green' : undefined}>
                  {t(info.sms_enabled ? 'common.yes' : 'common.no')}
                </Tag>
              ),
            },
            {
              key: 'one',
              label: 'one_click_enabled',
              children: (
                <Tag color={info.one_click_enabled ? 'green' : undefined}>
                  {t(info.one_click_enabled ? 'common.yes' : 'common.no')}
                </Tag>
              ),
            },
            {
              key: 'oauth',
              label: 'oauth_providers',
              children: info.oauth_providers.length ? info.oauth_providers.join(', ') : '-',
            },
          ]}
        />
      </Section>

      <Section title={t('cfg.section.json')} testid="cfg-json">
        {jsonArea('ads', 'cfg.f.adsHelp')}
        {jsonArea('player', 'cfg.f.playerHelp')}
      </Section>

      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={reset}>{t('cfg.reset')}</Button>
        {saveButton}
      </div>
    </Form>
  );
}
