/** The title edit form (adminUpdateVod): the changed fields only, with a preview of the play sources. */
import type { AdminVodUpdate, Source, VodDetail } from '@openvod/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  Collapse,
  Descriptions,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, call, errorMessage } from '../../api.ts';
import { type MessageKey, type Translate, useI18n } from '../../i18n.ts';
import { keys, typeOptions, useTypes } from '../../queries.ts';
import { bit, formatTime, POSTER_FALLBACK } from '../../ui.tsx';

/** Every editable field of a title (tsc checks the list against the contract). */
export const FIELDS = [
  'type_id',
  'vod_name',
  'vod_sub',
  'vod_en',
  'vod_pic',
  'vod_remarks',
  'vod_serial',
  'vod_total',
  'vod_isend',
  'vod_class',
  'vod_actor',
  'vod_director',
  'vod_area',
  'vod_lang',
  'vod_year',
  'vod_level',
  'vod_blurb',
  'vod_pic_slide',
  'vod_content',
  'vod_status',
  'vod_lock',
  'vod_play_from',
  'vod_play_server',
  'vod_play_note',
  'vod_play_url',
  'vod_points_play',
  'vod_points_down',
] as const satisfies readonly (keyof AdminVodUpdate)[];
export type Field = (typeof FIELDS)[number];
export type Values = Required<Pick<AdminVodUpdate, Field>>;
export const allFieldsListed: Exclude<keyof AdminVodUpdate, Field> extends never ? true : false = true;
void allFieldsListed;

export function isField(name: string | undefined): name is Field {
  return !!name && (FIELDS as readonly string[]).includes(name);
}

export function pick(info: VodDetail): Values {
  const out = {} as Record<Field, unknown>;
  for (const f of FIELDS) out[f] = info[f];
  return out as Values;
}

/** The fields whose value differs from the loaded title. */
export function diff(base: Values, values: Values): AdminVodUpdate {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = values[f] ?? (typeof base[f] === 'number' ? 0 : '');
    if (v !== base[f]) out[f] = v;
  }
  return out as AdminVodUpdate;
}

export function levelLabel(n: number, t: Translate): string {
  if (n === 0) return t('vod.level.0');
  if (n === 9) return t('vod.level.9');
  return String(n);
}

export function SourcesPreview({ sources, t }: { sources: Source[]; t: Translate }) {
  if (!sources.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vod.preview.empty')} />;
  return (
    <Collapse
      size="small"
      defaultActiveKey={sources.length === 1 ? [String(sources[0]?.sid)] : []}
      items={sources.map((s) => ({
        key: String(s.sid),
        label: (
          <Space wrap size={6}>
            <Tag color="blue">
              {t('vod.preview.sid')} {s.sid}
            </Tag>
            <Typography.Text strong>{s.from || '-'}</Typography.Text>
            {s.server && <Typography.Text type="secondary">{s.server}</Typography.Text>}
            {s.note && <Typography.Text type="secondary">{s.note}</Typography.Text>}
            <Tag>{t('vod.preview.episodes', { n: s.episodes.length })}</Tag>
          </Space>
        ),
        children: (
          <Table
            size="small"
            rowKey="nid"
            dataSource={s.episodes}
            pagination={s.episodes.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('vod.preview.nid'), dataIndex: 'nid', width: 64 },
              { title: t('vod.preview.name'), dataIndex: 'name', width: 160 },
              {
                title: t('vod.preview.url'),
                dataIndex: 'url',
                render: (url: string) => (
                  <Typography.Text copyable={{ text: url }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {url}
                  </Typography.Text>
                ),
              },
            ]}
          />
        ),
      }))}
    />
  );
}

export function EditForm({ info }: { info: VodDetail }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const types = useTypes();
  const [form] = Form.useForm<Values>();
  const base = useRef<Values>(pick(info));
  const [serverError, setServerError] = useState<string | null>(null);
  const pic = Form.useWatch('vod_pic', form);

  const save = useMutation({
    mutationFn: (body: AdminVodUpdate) => call('adminUpdateVod', { params: { id: info.vod_id }, body }),
    onSuccess: (res) => {
      queryClient.setQueryData(keys.vod(info.vod_id), res);
      void queryClient.invalidateQueries({ queryKey: keys.vods });
      base.current = pick(res.info);
      form.setFieldsValue(base.current);
      setServerError(null);
      message.success(t('common.saved'));
    },
    onError: (e) => {
      const msg = errorMessage(e, t('common.networkError'));
      setServerError(msg);
      if (e instanceof ApiError && isField(e.field)) {
        form.setFields([{ name: e.field, errors: [msg] }]);
        form.scrollToField(e.field, { block: 'center' });
      } else {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }
      message.error(msg);
    },
  });

  function onFinish(values: Values) {
    const changes = diff(base.current, values);
    if (Object.keys(changes).length === 0) {
      message.info(t('common.noChanges'));
      return;
    }
    setServerError(null);
    save.mutate(changes);
  }

  // Back to the list as it was (filters live in its URL); to the plain list when the page was opened directly.
  const back = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/vods'));
  const label = (f: Field) => t(`vod.f.${f}` as MessageKey);
  const text = (f: Field, span: { xs?: number; md?: number; xl?: number } = { xs: 24, md: 12, xl: 8 }) => (
    <Col {...span}>
      <Form.Item name={f} label={label(f)}>
        <Input allowClear />
      </Form.Item>
    </Col>
  );
  const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 };
  const saveButton = (
    <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="vod-save">
      {t('common.save')}
    </Button>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={base.current}
      onFinish={onFinish}
      onValuesChange={() => serverError && setServerError(null)}
      scrollToFirstError
    >
      <Card
        title={
          <Space wrap size={8}>
            <Button onClick={back}>{t('common.back')}</Button>
            <span>{t('vod.edit.title')}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              #{info.vod_id}
            </Typography.Text>
          </Space>
        }
        extra={saveButton}
        style={{ marginBottom: 16 }}
      >
        {serverError && (
          <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="vod-error" />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'name', label: t('vod.col.name'), children: info.vod_name },
            { key: 'type', label: t('vod.col.type'), children: info.type_name || '-' },
            { key: 'time', label: t('vod.col.time'), children: formatTime(info.vod_time) },
            { key: 'hits', label: t('vod.hits'), children: info.vod_hits },
          ]}
        />
        <Row gutter={24} wrap>
          <Col xs={24} sm={6} lg={4} style={{ marginBottom: 16 }}>
            <Image
              src={pic || POSTER_FALLBACK}
              fallback={POSTER_FALLBACK}
              alt={info.vod_name}
              width={140}
              height={196}
              style={{ objectFit: 'cover', borderRadius: 6 }}
              referrerPolicy="no-referrer"
            />
          </Col>
          <Col xs={24} sm={18} lg={20}>
            <Row gutter={16}>
              <Col xs={24} md={12} xl={8}>
                <Form.Item name="type_id" label={label('type_id')} rules={[{ required: true }]}>
                  <TreeSelect
                    treeData={types.data ? typeOptions(types.data) : []}
                    treeDefaultExpandAll
                    loading={types.isLoading}
                    showSearch
                    treeNodeFilterProp="title"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Form.Item name="vod_name" label={label('vod_name')} rules={[{ required: true, whitespace: true }]}>
                  <Input />
                </Form.Item>
              </Col>
              {text('vod_sub')}
              {text('vod_en')}
              {text('vod_pic', { xs: 24, md: 24, xl: 16 })}
              {text('vod_pic_slide', { xs: 24, md: 24, xl: 16 })}
              {text('vod_remarks')}
              {text('vod_serial')}
              <Col xs={12} md={6} xl={4}>
                <Form.Item name="vod_total" label={label('vod_total')}>
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6} xl={4}>
                <Form.Item name="vod_level" label={label('vod_level')}>
                  <Select
                    options={Array.from({ length: 10 }, (_, n) => ({ value: n, label: levelLabel(n, t) }))}
                    popupMatchSelectWidth={false}
                  />
                </Form.Item>
              </Col>
              <Col xs={8} md={4} xl={4}>
                <Form.Item name="vod_isend" label={label('vod_isend')} {...bit}>
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={8} md={4} xl={4}>
                <Form.Item name="vod_status" label={label('vod_status')} {...bit}>
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={8} md={4} xl={4}>
                <Form.Item name="vod_lock" label={label('vod_lock')} tooltip={t('vod.lockHint')} {...bit}>
                  <Switch />
                </Form.Item>
              </Col>
              {(['vod_points_play', 'vod_points_down'] as const).map((f) => (
                <Col xs={12} md={6} xl={4} key={f}>
                  <Form.Item name={f} label={label(f)} tooltip={t('vod.pointsHint')}>
                    <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid={f} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Col>
        </Row>
      </Card>

      <Card title={t('vod.section.meta')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {text('vod_class')}
          {text('vod_actor')}
          {text('vod_director')}
          {text('vod_area')}
          {text('vod_lang')}
          {text('vod_year')}
        </Row>
      </Card>

      <Card title={t('vod.section.text')} style={{ marginBottom: 16 }}>
        <Form.Item name="vod_blurb" label={label('vod_blurb')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="vod_content" label={label('vod_content')}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
      </Card>

      <Card title={t('vod.section.play')} style={{ marginBottom: 16 }}>
        <Alert type="info" showIcon title={t('vod.playHelp')} style={{ marginBottom: 16 }} />
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="vod_play_from" label={label('vod_play_from')}>
              <Input style={mono} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="vod_play_server" label={label('vod_play_server')}>
              <Input style={mono} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="vod_play_note" label={label('vod_play_note')}>
              <Input style={mono} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="vod_play_url" label={label('vod_play_url')}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} style={mono} spellCheck={false} />
        </Form.Item>
        <Typography.Title level={5} style={{ marginTop: 8 }}>
          {t('vod.section.preview')}
        </Typography.Title>
        <div data-testid="vod-sources">
          <SourcesPreview sources={info.sources} t={t} />
        </div>
      </Card>

      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={back}>{t('common.back')}</Button>
        {saveButton}
      </div>
    </Form>
  );
}
