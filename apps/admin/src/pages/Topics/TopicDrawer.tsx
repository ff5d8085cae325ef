/** The topics page's add/edit drawer (adminCreateTopic / adminUpdateTopic) with its title list. */
import type { Topic } from '@openvod/contract';
import { useQueries } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ApiError, type Body, call, errorMessage } from '../../api.ts';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { bit, Thumb, urlRule, useAction, type VodListItem, VodPicker } from '../../ui.tsx';

/** The form's fields: every topic field but the title list, which the drawer keeps apart. */
export const FIELDS = [
  'topic_name',
  'topic_en',
  'topic_sub',
  'topic_status',
  'topic_sort',
  'topic_level',
  'topic_pic',
  'topic_pic_slide',
  'topic_blurb',
  'topic_content',
] as const satisfies readonly (keyof Body<'adminUpdateTopic'>)[];
export type Field = (typeof FIELDS)[number];
export type Values = Required<Pick<Body<'adminUpdateTopic'>, Field>>;
export const allFieldsListed: Exclude<keyof Body<'adminUpdateTopic'>, Field | 'vod_ids'> extends never ? true : false =
  true;
void allFieldsListed;

export const EMPTY: Values = {
  topic_name: '',
  topic_en: '',
  topic_sub: '',
  topic_status: 1,
  topic_sort: 0,
  topic_level: 0,
  topic_pic: '',
  topic_pic_slide: '',
  topic_blurb: '',
  topic_content: '',
};

export function pick(topic: Topic): Values {
  const out = {} as Record<Field, unknown>;
  for (const f of FIELDS) out[f] = topic[f];
  return out as Values;
}

export function clean(v: Values): Values {
  const out = { ...EMPTY };
  for (const f of FIELDS) {
    const value = v[f] ?? EMPTY[f];
    (out as Record<Field, unknown>)[f] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** What a title row of the drawer shows; known from the picker, else loaded with adminGetVod. */
export interface TitleInfo {
  vod_name: string;
  vod_pic: string;
  type_name: string;
  vod_status: number;
}

export function TopicDrawer({ topic, onClose }: { topic: Topic | null; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const base = topic ? pick(topic) : EMPTY;
  const [ids, setIds] = useState<number[]>(topic?.vod_ids ?? []);
  const [known, setKnown] = useState<Record<number, TitleInfo>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  // Names of titles already in the topic (cached per title, shared with the title editor).
  const missing = ids.filter((id) => !known[id]);
  const details = useQueries({
    queries: missing.map((id) => ({
      queryKey: keys.vod(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call('adminGetVod', { params: { id }, signal }),
      retry: false,
    })),
  });
  const infoOf = (id: number): TitleInfo | 'loading' | 'gone' => {
    if (known[id]) return known[id];
    const q = details[missing.indexOf(id)];
    if (q?.data) return q.data.info;
    return q?.isError ? 'gone' : 'loading';
  };

  const save = useAction({
    mutationFn: (body: Body<'adminUpdateTopic'>) =>
      topic
        ? call('adminUpdateTopic', { params: { id: topic.topic_id }, body })
        : call('adminCreateTopic', { body: { ...body, topic_name: body.topic_name ?? '' } }),
    invalidate: [keys.topics],
    onSuccess: () => onClose(),
  });

  function onFinish(raw: Values) {
    const values = clean(raw);
    setServerError(null);
    const body: Body<'adminUpdateTopic'> = {};
    for (const f of FIELDS) if (!topic || values[f] !== base[f]) (body as Record<string, unknown>)[f] = values[f];
    if (!topic || ids.join() !== topic.vod_ids.join()) body.vod_ids = ids;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    save.mutate(body, {
      onError: (e) => {
        const msg = errorMessage(e, t('common.networkError'));
        setServerError(msg);
        const field = e instanceof ApiError ? e.field?.split('.')[0] : undefined;
        if (field && (FIELDS as readonly string[]).includes(field))
          form.setFields([{ name: field as Field, errors: [msg] }]);
      },
    });
  }

  function add(item: VodListItem) {
    setKnown((k) => ({ ...k, [item.vod_id]: item }));
    setIds((list) => (list.includes(item.vod_id) ? list : [...list, item.vod_id]));
  }
  function move(index: number, delta: number) {
    setIds((list) => {
      const to = index + delta;
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [id] = next.splice(index, 1);
      if (id !== undefined) next.splice(to, 0, id);
      return next;
    });
  }

  const label = (f: Field) => t(`topic.f.${f}` as MessageKey);
  const text = (f: Field, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item
        name={f}
        label={label(f)}
        rules={f.startsWith('topic_pic') ? [urlRule(t('common.urlInvalid'))] : undefined}
      >
        <Input allowClear maxLength={f.startsWith('topic_pic') ? 1024 : 255} />
      </Form.Item>
    </Col>
  );

  return (
    <Drawer
      open
      onClose={onClose}
      size={760}
      title={topic ? `${t('topic.edit')} #${topic.topic_id}` : t('topic.create')}
      destroyOnHidden
      data-testid="topic-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()} loading={save.isPending} data-testid="topic-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {serverError && (
        <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="topic-error" />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={base}
        onFinish={onFinish}
        onValuesChange={() => serverError && setServerError(null)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="topic_name" label={label('topic_name')} rules={[{ required: true, whitespace: true }]}>
              <Input autoFocus maxLength={255} data-testid="topic-name" />
            </Form.Item>
          </Col>
          {text('topic_en')}
          {text('topic_sub')}
          <Col xs={8} md={4}>
            <Form.Item name="topic_sort" label={label('topic_sort')} tooltip={t('topic.sortHelp')}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="topic_level" label={label('topic_level')}>
              <Select options={Array.from({ length: 10 }, (_, n) => ({ value: n, label: String(n) }))} />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="topic_status" label={label('topic_status')} {...bit}>
              <Switch />
            </Form.Item>
          </Col>
          {text('topic_pic')}
          {text('topic_pic_slide')}
          <Col span={24}>
            <Form.Item name="topic_blurb" label={label('topic_blurb')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={255} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="topic_content" label={label('topic_content')}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>

      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('topic.titles', { n: ids.length })}
      </Typography.Title>
      <div style={{ marginBottom: 12 }}>
        <VodPicker onPick={add} exclude={new Set(ids)} placeholder={t('topic.addTitle')} testId="topic-add-title" />
      </div>
      {ids.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('topic.noTitles')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={ids}
          data-testid="topic-titles"
          renderItem={(id, index) => {
            const info = infoOf(id);
            return (
              <List.Item
                data-testid={`topic-title-${id}`}
                actions={[
                  <Button
                    key="up"
                    size="small"
                    disabled={index === 0}
                    aria-label={t('topic.moveUp')}
                    onClick={() => move(index, -1)}
                    data-testid={`topic-up-${id}`}
                  >
                    ↑
                  </Button>,
                  <Button
                    key="down"
                    size="small"
                    disabled={index === ids.length - 1}
                    aria-label={t('topic.moveDown')}
                    onClick={() => move(index, 1)}
                    data-testid={`topic-down-${id}`}
                  >
                    ↓
                  </Button>,
                  <Button
                    key="remove"
                    size="small"
                    danger
                    onClick={() => setIds((list) => list.filter((x) => x !== id))}
                    data-testid={`topic-remove-${id}`}
                  >
                    {t('common.remove')}
                  </Button>,
                ]}
              >
                <Space size={12}>
                  <Typography.Text type="secondary" style={{ width: 24, display: 'inline-block', textAlign: 'right' }}>
                    {index + 1}
                  </Typography.Text>
                  <Thumb src={typeof info === 'object' ? info.vod_pic : ''} alt="" width={30} height={42} />
                  <div>
                    {info === 'loading' && <Typography.Text type="secondary">#{id} …</Typography.Text>}
                    {info === 'gone' && <Typography.Text type="danger">{t('topic.titleGone', { id })}</Typography.Text>}
                    {typeof info === 'object' && (
                      <>
                        <Typography.Text strong>{info.vod_name}</Typography.Text>
                        <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
                          #{id}
                          {info.type_name ? ` · ${info.type_name}` : ''}
                          {info.vod_status !== 1 && ` · ${t('vod.unpublished')}`}
                        </div>
                      </>
                    )}
                  </div>
                </Space>
              </List.Item>
            );
          }}
        />
      )}
    </Drawer>
  );
}
