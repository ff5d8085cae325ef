/**
 * The member groups page's add/edit dialog (adminCreateGroup / adminUpdateGroup, adminUpdatePointsSettings): name,
 * price, rights per category (RightsMatrix).
 */
import type { CategoryBase } from '@openvod/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError, type Body, call, errorMessage, type Res } from '../../api.ts';
import { type MessageKey, type Translate, useI18n } from '../../i18n.ts';
import { keys, typeOptions, typeTree, useTypes } from '../../queries.ts';
import { LoadError } from '../../ui.tsx';

export type Group = Res<'adminListGroups'>['list'][number];
export type Popedom = Record<string, number[]>;
export type Quota = Res<'adminGetPointsSettings'>['quotas'][number];

/** The free quotas per group (the points page's query: the same key and answer). */
export const quotasKey = ['admin', 'points', 'settings'] as const;
export function useQuotas() {
  return useQuery({ queryKey: quotasKey, queryFn: ({ signal }) => call('adminGetPointsSettings', { signal }) });
}
/** Groups below 3 are metered (free views / downloads per day); 3 and up are VIP tiers, never metered. */
export const VIP_MIN = 3;

/** Rights of a category: 1 list, 2 detail, 3 play, 4 download, 5 try-see. */
export const RIGHTS = [1, 2, 3, 4, 5] as const;
/** Rights given to a category when it is newly allowed (the operator sees and can change them in the matrix). */
export const DEFAULT_RIGHTS = [1, 2, 3];

/** 1 guest and 2 member are built in; 3 and up are VIP tiers. */
export function kindTag(id: number, t: Translate) {
  if (id === 1) return <Tag>{t('group.kind.guest')}</Tag>;
  if (id === 2) return <Tag color="blue">{t('group.kind.member')}</Tag>;
  return <Tag color="gold">{t('group.kind.vip')}</Tag>;
}

export function parseTypeList(s: string): number[] {
  return s
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export interface GroupForm {
  group_name: string;
  group_status: number;
  /** Allowed categories (group_type). */
  types: number[];
  group_popedom: Popedom;
  /** Free views / downloads per day (guest and member groups only; `points_quota`). */
  free_views?: number;
  free_downloads?: number;
}

export function toForm(g: Group | null): GroupForm {
  if (!g) return { group_name: '', group_status: 1, types: [], group_popedom: {} };
  return {
    group_name: g.group_name,
    group_status: g.group_status,
    types: parseTypeList(g.group_type),
    // The rights that apply (a category never configured has rights 1-4 on the server), so the matrix shows them.
    group_popedom: { ...g.group_rights, ...g.group_popedom },
  };
}

/** The request body of a form: rights only for allowed categories, lists sorted. */
export function toBody(v: GroupForm): Body<'adminCreateGroup'> {
  const types = [...new Set(v.types)].sort((a, b) => a - b);
  const popedom: Popedom = {};
  for (const id of types) {
    const rights = [...new Set(v.group_popedom[String(id)] ?? [])].sort((a, b) => a - b);
    if (rights.length) popedom[String(id)] = rights;
  }
  return {
    group_name: v.group_name.trim(),
    group_status: v.group_status,
    group_type: types.join(','),
    group_popedom: popedom,
  };
}

export function sameBody(a: Body<'adminCreateGroup'>, b: Body<'adminCreateGroup'>, k: keyof Body<'adminCreateGroup'>) {
  return JSON.stringify(a[k]) === JSON.stringify(b[k]);
}

/** Categories in tree order with their depth, for the matrix rows. */
export function flatTypes(list: CategoryBase[]): (CategoryBase & { depth: number })[] {
  // Without `children`: the table would otherwise nest (and repeat) the sub-categories.
  return typeTree(list).flatMap(({ children, ...top }) => [
    { ...top, depth: 0 },
    ...(children ?? []).map((c) => ({ ...c, depth: 1 })),
  ]);
}

/** Categories x rights: the allowed column is `types`, the right columns are `group_popedom`. */
export function RightsMatrix({
  types,
  value = {},
  allowed,
  onAllowed,
  onChange = () => undefined,
  t,
}: {
  types: CategoryBase[];
  /** Injected by the Form.Item. */
  value?: Popedom;
  allowed: number[];
  onAllowed: (next: number[]) => void;
  /** Injected by the Form.Item. */
  onChange?: (next: Popedom) => void;
  t: Translate;
}) {
  const rows = flatTypes(types);
  const allowedSet = new Set(allowed);
  const rightsOf = (id: number) => value[String(id)] ?? [];
  const setRights = (id: number, rights: number[]) => onChange({ ...value, [String(id)]: rights });

  function toggleAllowed(id: number, on: boolean) {
    if (on) {
      onAllowed([...allowed, id]);
      if (rightsOf(id).length === 0) setRights(id, DEFAULT_RIGHTS);
    } else {
      onAllowed(allowed.filter((x) => x !== id));
    }
  }
  function toggleAllAllowed(on: boolean) {
    if (!on) return onAllowed([]);
    onAllowed(rows.map((r) => r.type_id));
    const next = { ...value };
    for (const r of rows) if (!next[String(r.type_id)]?.length) next[String(r.type_id)] = DEFAULT_RIGHTS;
    onChange(next);
  }
  function toggleColumn(right: number, on: boolean) {
    const next = { ...value };
    for (const id of allowed) {
      const cur = next[String(id)] ?? [];
      next[String(id)] = on ? [...new Set([...cur, right])] : cur.filter((r) => r !== right);
    }
    onChange(next);
  }
  const allowedRows = rows.filter((r) => allowedSet.has(r.type_id));
  const columnState = (right: number) => {
    const n = allowedRows.filter((r) => rightsOf(r.type_id).includes(right)).length;
    return { checked: n > 0 && n === allowedRows.length, indeterminate: n > 0 && n < allowedRows.length };
  };

  const columns: ColumnsType<CategoryBase & { depth: number }> = [
    {
      title: t('group.matrix.category'),
      dataIndex: 'type_name',
      // Pinned, so the name stays beside the download and trial columns when a phone scrolls the matrix.
      fixed: 'left' as const,
      render: (name: string, row) => (
        <span style={{ paddingLeft: row.depth * 20, whiteSpace: 'nowrap' }}>
          <Typography.Text strong={row.depth === 0} type={allowedSet.has(row.type_id) ? undefined : 'secondary'}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
            #{row.type_id}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: (
        <Checkbox
          checked={rows.length > 0 && allowedRows.length === rows.length}
          indeterminate={allowedRows.length > 0 && allowedRows.length < rows.length}
          onChange={(e) => toggleAllAllowed(e.target.checked)}
        >
          {t('group.matrix.allowed')}
        </Checkbox>
      ),
      key: 'allowed',
      width: 110,
      render: (_v, row) => (
        <Checkbox
          checked={allowedSet.has(row.type_id)}
          onChange={(e) => toggleAllowed(row.type_id, e.target.checked)}
          aria-label={`${t('group.matrix.allowed')} ${row.type_name}`}
          data-testid={`group-allow-${row.type_id}`}
        />
      ),
    },
    ...RIGHTS.map((right) => ({
      // The right's name and its number in group_popedom (4 = download: ajaxUlog type 5, checkBuyPopedom type 5).
      title: (
        <Tooltip title={t('group.rightHint', { n: right, name: t(`group.right.${right}` as MessageKey) })}>
          <Checkbox
            {...columnState(right)}
            disabled={allowedRows.length === 0}
            onChange={(e) => toggleColumn(right, e.target.checked)}
            data-testid={`group-right-col-${right}`}
          >
            {t(`group.right.${right}` as MessageKey)} ({right})
          </Checkbox>
        </Tooltip>
      ),
      key: `r${right}`,
      width: 96,
      render: (_v: unknown, row: CategoryBase & { depth: number }) => {
        const rights = rightsOf(row.type_id);
        return (
          <Checkbox
            checked={allowedSet.has(row.type_id) && rights.includes(right)}
            disabled={!allowedSet.has(row.type_id)}
            onChange={(e) =>
              setRights(row.type_id, e.target.checked ? [...rights, right] : rights.filter((r) => r !== right))
            }
            aria-label={`${row.type_name} ${t(`group.right.${right}` as MessageKey)}`}
            data-testid={`group-right-${row.type_id}-${right}`}
          />
        );
      },
    })),
  ];

  return (
    <div data-testid="group-matrix">
      <Table
        size="small"
        rowKey="type_id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 300 }}
        bordered
      />
    </div>
  );
}

export function GroupModal({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const types = useTypes();
  const quotas = useQuotas();
  const [form] = Form.useForm<GroupForm>();
  const [error, setError] = useState<string | null>(null);
  const base = toForm(group);
  const allowed = Form.useWatch('types', form) ?? base.types;
  const popedom = Form.useWatch('group_popedom', form) ?? base.group_popedom;
  // Free counts: edited for the guest and member groups, once their current values are known.
  const metered = group !== null && group.group_id < VIP_MIN;
  const quota: Quota | undefined = metered ? quotas.data?.quotas.find((q) => q.group_id === group.group_id) : undefined;

  const save = useMutation({
    mutationFn: async (v: GroupForm): Promise<'saved' | null> => {
      const body = toBody(v);
      if (!group) {
        await call('adminCreateGroup', { body });
        return 'saved';
      }
      const before = toBody(base);
      const changes: Body<'adminUpdateGroup'> = {};
      for (const k of Object.keys(body) as (keyof typeof body)[]) {
        if (!sameBody(before, body, k)) Object.assign(changes, { [k]: body[k] });
      }
      const freeChanged =
        quota !== undefined &&
        v.free_views !== undefined &&
        v.free_downloads !== undefined &&
        (v.free_views !== quota.free_views || v.free_downloads !== quota.free_downloads);
      if (Object.keys(changes).length === 0 && !freeChanged) return null;
      if (Object.keys(changes).length) {
        await call('adminUpdateGroup', { params: { id: group.group_id }, body: changes });
      }
      if (freeChanged) {
        await call('adminUpdatePointsSettings', {
          body: {
            quotas: [
              { group_id: group.group_id, free_views: v.free_views ?? 0, free_downloads: v.free_downloads ?? 0 },
            ],
          },
        });
      }
      return 'saved';
    },
    onSuccess: (res) => {
      if (res === null) message.info(t('common.noChanges'));
      else message.success(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: keys.groups });
      void queryClient.invalidateQueries({ queryKey: keys.users });
      void queryClient.invalidateQueries({ queryKey: quotasKey });
      onClose();
    },
    onError: (e) => {
      const msg = errorMessage(e, t('common.networkError'));
      setError(msg);
      const head = e instanceof ApiError ? e.field?.split('.')[0] : undefined;
      if (head === 'group_name' || head === 'group_status') form.setFields([{ name: head, errors: [msg] }]);
      else if (head === 'group_type') form.setFields([{ name: 'types', errors: [msg] }]);
    },
  });

  return (
    <Modal
      open
      title={group ? `${t('group.edit')} #${group.group_id}` : t('group.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'group-save' }}
      confirmLoading={save.isPending}
      width={880}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="group-error" />}
      <Form<GroupForm>
        form={form}
        layout="vertical"
        initialValues={base}
        onFinish={(v) => {
          setError(null);
          save.mutate({ ...base, ...v });
        }}
        onValuesChange={() => error && setError(null)}
      >
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item
              name="group_name"
              label={t('group.f.name')}
              rules={[{ required: true, whitespace: true, max: 30 }]}
            >
              <Input autoFocus maxLength={30} data-testid="group-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="group_status"
              label={t('group.f.status')}
              valuePropName="checked"
              getValueProps={(v: number) => ({ checked: v === 1 })}
              normalize={(c: boolean) => (c ? 1 : 0)}
            >
              <Switch data-testid="group-status" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="types" label={t('group.f.types')} extra={t('group.f.typesHelp')}>
          <TreeSelect
            multiple
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={types.data ? typeOptions(types.data) : []}
            loading={types.isLoading}
            placeholder={t('group.f.typesNone')}
            onChange={(next: number[]) => {
              // Newly allowed categories get default rights, as ticking them in the matrix does.
              const added = next.filter((id) => !allowed.includes(id) && !(popedom[String(id)] ?? []).length);
              if (added.length) {
                const p = { ...popedom };
                for (const id of added) p[String(id)] = DEFAULT_RIGHTS;
                form.setFieldValue('group_popedom', p);
              }
            }}
            data-testid="group-types"
          />
        </Form.Item>
        <LoadError error={types.error} />
        {metered && <LoadError error={quotas.error} />}
        {quota && (
          <Form.Item label={t('group.f.free')} extra={t('group.f.freeHelp')} style={{ marginBottom: 16 }}>
            <Space wrap size={[16, 8]}>
              <Form.Item name="free_views" label={t('group.f.freeViews')} initialValue={quota.free_views} noStyle>
                <InputNumber
                  min={0}
                  max={100000}
                  precision={0}
                  addonBefore={t('group.f.freeViews')}
                  data-testid="group-free-views"
                />
              </Form.Item>
              <Form.Item
                name="free_downloads"
                label={t('group.f.freeDownloads')}
                initialValue={quota.free_downloads}
                noStyle
              >
                <InputNumber
                  min={0}
                  max={100000}
                  precision={0}
                  addonBefore={t('group.f.freeDownloads')}
                  data-testid="group-free-downloads"
                />
              </Form.Item>
            </Space>
          </Form.Item>
        )}
        <Form.Item name="group_popedom" label={t('group.f.popedom')} extra={t('group.f.popedomHelp')}>
          <RightsMatrix
            types={types.data ?? []}
            allowed={allowed}
            onAllowed={(next) => form.setFieldValue('types', next)}
            t={t}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
