/**
 * The categories page's add/edit dialog (adminCreateType / adminUpdateType) with the category's extend fields, and the
 * bindings card (adminListTypeBindings / adminBindType).
 */
import type { CategoryBase, TypeBinding, TypeExtend } from '@openvod/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError, type Body, call, errorMessage } from '../../api.ts';
import type { MessageKey, Translate } from '../../i18n.ts';
import { keys, typeOptions } from '../../queries.ts';
import { DataTable, LoadError } from '../../ui.tsx';

export const EXTEND_KEYS = [
  'class',
  'area',
  'lang',
  'year',
  'star',
  'director',
  'state',
  'version',
] as const satisfies readonly (keyof TypeExtend)[];
export const allExtendListed: Exclude<keyof TypeExtend, (typeof EXTEND_KEYS)[number]> extends never ? true : false =
  true;
void allExtendListed;

export interface TypeForm {
  type_name: string;
  type_en: string;
  type_pid: number;
  type_mid: number;
  type_sort: number;
  type_status: number;
  type_pic: string;
  type_logo: string;
  type_extend: TypeExtend;
}

export const EMPTY_EXTEND: TypeExtend = {
  class: '',
  area: '',
  lang: '',
  year: '',
  star: '',
  director: '',
  state: '',
  version: '',
};

export function toForm(c: CategoryBase): TypeForm {
  return {
    type_name: c.type_name,
    type_en: c.type_en,
    type_pid: c.type_pid,
    type_mid: c.type_mid,
    type_sort: c.type_sort,
    type_status: c.type_status,
    type_pic: c.type_pic,
    type_logo: c.type_logo,
    type_extend: { ...EMPTY_EXTEND, ...c.type_extend },
  };
}

export function normalise(v: TypeForm): TypeForm {
  const ext = { ...EMPTY_EXTEND };
  for (const k of EXTEND_KEYS) ext[k] = (v.type_extend?.[k] ?? '').trim();
  return {
    type_name: (v.type_name ?? '').trim(),
    type_en: (v.type_en ?? '').trim(),
    type_pid: v.type_pid ?? 0,
    type_mid: v.type_mid ?? 1,
    type_sort: v.type_sort ?? 0,
    type_status: v.type_status ?? 1,
    type_pic: (v.type_pic ?? '').trim(),
    type_logo: (v.type_logo ?? '').trim(),
    type_extend: ext,
  };
}

/** The changed fields of an edited category; `type_extend` is sent whole when any option list changed. */
export function changes(base: TypeForm, next: TypeForm): Body<'adminUpdateType'> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(next) as (keyof TypeForm)[]) {
    if (k === 'type_extend') {
      if (EXTEND_KEYS.some((x) => base.type_extend[x] !== next.type_extend[x])) out[k] = next.type_extend;
    } else if (base[k] !== next[k]) out[k] = next[k];
  }
  return out as Body<'adminUpdateType'>;
}

export type Editing = { mode: 'create'; pid: number } | { mode: 'edit'; type: CategoryBase };

export function TypeModal({
  editing,
  list,
  onClose,
  t,
}: {
  editing: Editing;
  list: CategoryBase[];
  onClose: () => void;
  t: Translate;
}) {
  const queryClient = useQueryClient();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<TypeForm>();
  const [error, setError] = useState<string | null>(null);
  const base =
    editing.mode === 'edit'
      ? toForm(editing.type)
      : normalise({ type_pid: editing.pid, type_mid: 1, type_status: 1, type_sort: 0 } as TypeForm);
  const selfId = editing.mode === 'edit' ? editing.type.type_id : 0;
  const hasChildren = list.some((c) => c.type_pid === selfId && selfId !== 0);
  const parents = list
    .filter((c) => c.type_pid === 0 && c.type_id !== selfId)
    .sort((a, b) => a.type_sort - b.type_sort || a.type_id - b.type_id);

  const save = useMutation({
    mutationFn: async (values: TypeForm) => {
      if (editing.mode === 'create') return call('adminCreateType', { body: values });
      const body = changes(base, values);
      if (Object.keys(body).length === 0) return null;
      return call('adminUpdateType', { params: { id: editing.type.type_id }, body });
    },
    onSuccess: (res) => {
      if (res === null) message.info(t('common.noChanges'));
      else message.success(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: keys.types });
      void queryClient.invalidateQueries({ queryKey: keys.vods });
      onClose();
    },
    onError: (e) => {
      const msg = errorMessage(e, t('common.networkError'));
      setError(msg);
      if (e instanceof ApiError && e.field) {
        const [head, sub] = e.field.split('.');
        const ext = EXTEND_KEYS.find((k) => k === sub);
        if (head === 'type_extend' && ext) form.setFields([{ name: ['type_extend', ext], errors: [msg] }]);
        else if (head && head in base) form.setFields([{ name: head as keyof TypeForm, errors: [msg] }]);
      }
    },
  });

  return (
    <Modal
      open
      title={editing.mode === 'edit' ? `${t('type.edit')} #${editing.type.type_id}` : t('type.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="type-error" />}
      <Form<TypeForm>
        form={form}
        layout="vertical"
        initialValues={base}
        onFinish={(v) => {
          setError(null);
          save.mutate(normalise(v));
        }}
        onValuesChange={() => error && setError(null)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="type_name" label={t('type.f.type_name')} rules={[{ required: true, whitespace: true }]}>
              <Input autoFocus maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type_en" label={t('type.f.type_en')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type_pid" label={t('type.f.type_pid')}>
              <Select
                disabled={hasChildren}
                options={[
                  { value: 0, label: t('type.top') },
                  ...parents.map((p) => ({ value: p.type_id, label: p.type_name })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="type_mid" label={t('type.f.type_mid')}>
              <Select
                options={[
                  { value: 1, label: t('type.mid.1') },
                  { value: 2, label: t('type.mid.2') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={6} md={3}>
            <Form.Item name="type_sort" label={t('type.f.type_sort')}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={6} md={3}>
            <Form.Item
              name="type_status"
              label={t('type.f.type_status')}
              valuePropName="checked"
              getValueProps={(v: number) => ({ checked: v === 1 })}
              normalize={(c: boolean) => (c ? 1 : 0)}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type_pic" label={t('type.f.type_pic')}>
              <Input allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type_logo" label={t('type.f.type_logo')}>
              <Input allowClear />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {t('type.f.extend')}
        </Typography.Text>
        <Row gutter={16}>
          {EXTEND_KEYS.map((k) => (
            <Col xs={24} md={12} key={k}>
              <Form.Item name={['type_extend', k]} label={t(`type.x.${k}` as MessageKey)}>
                <Input allowClear />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}

export function Bindings({ list, t }: { list: CategoryBase[]; t: Translate }) {
  const queryClient = useQueryClient();
  const { message } = AntApp.useApp();
  const bindings = useQuery({
    queryKey: keys.bindings,
    queryFn: ({ signal }) => call('adminListTypeBindings', { signal }).then((r) => r.list),
  });
  const [saving, setSaving] = useState<string | null>(null);
  const bind = useMutation({
    mutationFn: (b: Body<'adminSetTypeBinding'>) => call('adminSetTypeBinding', { body: b }),
    onMutate: (b) => setSaving(`${b.bind_key}:${b.remote_type_id}`),
    onSuccess: () => message.success(t('type.bind.saved')),
    onError: (e) => message.error(errorMessage(e, t('common.networkError'))),
    onSettled: () => {
      setSaving(null);
      void queryClient.invalidateQueries({ queryKey: keys.bindings });
    },
  });
  const options = typeOptions(list);

  const columns: ColumnsType<TypeBinding> = [
    { title: t('type.bind.key'), dataIndex: 'bind_key', ellipsis: true },
    { title: t('type.bind.remoteId'), dataIndex: 'remote_type_id', width: 110 },
    { title: t('type.bind.remoteName'), dataIndex: 'remote_type_name' },
    {
      title: t('type.bind.local'),
      dataIndex: 'local_type_id',
      width: 240,
      render: (v: number, row) => (
        <TreeSelect
          style={{ width: 220 }}
          value={v > 0 ? v : undefined}
          placeholder={t('type.bind.unbound')}
          treeData={options}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          loading={saving === `${row.bind_key}:${row.remote_type_id}`}
          disabled={saving === `${row.bind_key}:${row.remote_type_id}`}
          onChange={(local: number) =>
            bind.mutate({ bind_key: row.bind_key, remote_type_id: row.remote_type_id, local_type_id: local })
          }
        />
      ),
    },
  ];

  return (
    <Card title={t('type.bindings')} data-testid="type-bindings">
      <Typography.Paragraph type="secondary">{t('type.bindingsHelp')}</Typography.Paragraph>
      <LoadError error={bindings.error} />
      <DataTable<TypeBinding>
        size="small"
        rowKey={(r) => `${r.bind_key}:${r.remote_type_id}`}
        columns={columns}
        dataSource={bindings.data ?? []}
        loading={bindings.isLoading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('type.bind.empty') }}
        pagination={(bindings.data?.length ?? 0) > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      />
    </Card>
  );
}
