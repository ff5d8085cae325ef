import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type Body, call } from '../../api.ts';
import { billingKeys } from '../../billing.tsx';
import { useI18n } from '../../i18n.ts';
import { useGroups } from '../../queries.ts';
import { useAction } from '../../ui.tsx';

export interface BatchForm {
  batch_name: string;
  count: number;
  grant_kind: Body<'adminCreateCodeBatch'>['grant_kind'];
  grant_amount: number;
  grant_group_id?: number;
  expires_at: Dayjs;
}

export function BatchModal({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const groups = useGroups();
  const [form] = Form.useForm<BatchForm>();
  const kind = Form.useWatch('grant_kind', form);
  const create = useAction({
    mutationFn: (v: BatchForm) => {
      const body: Body<'adminCreateCodeBatch'> = {
        batch_name: v.batch_name.trim(),
        count: v.count,
        grant_kind: v.grant_kind,
        grant_amount: v.grant_amount,
        grant_group_id: v.grant_kind === 'vip' ? (v.grant_group_id ?? 0) : 0,
        // The operator day the codes stay valid through: the server ends it in its own time zone (TZ).
        expires_at: v.expires_at.format('YYYY-MM-DD'),
      };
      return call('adminCreateCodeBatch', { body });
    },
    invalidate: [billingKeys.batches],
    success: 'billing.code.createdOk',
    onSuccess: onClose,
  });
  const vipGroups = (groups.data ?? []).filter((g) => g.group_id >= 3);
  return (
    <Modal
      open
      title={t('billing.code.generate')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('billing.code.generateOk')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'batch-save' }}
      destroyOnHidden
    >
      <Form<BatchForm>
        form={form}
        layout="vertical"
        initialValues={{
          batch_name: '',
          count: 100,
          grant_kind: 'vip',
          grant_amount: 30,
          grant_group_id: vipGroups[0]?.group_id,
          expires_at: dayjs().add(90, 'day'),
        }}
        onFinish={(v) => create.mutate(v)}
      >
        <Form.Item
          name="batch_name"
          label={t('billing.code.name')}
          rules={[{ required: true, whitespace: true, message: t('billing.code.nameRequired') }]}
        >
          <Input maxLength={60} data-testid="batch-name" />
        </Form.Item>
        <Form.Item name="count" label={t('billing.code.count')} rules={[{ required: true }]}>
          <InputNumber min={1} max={10_000} precision={0} style={{ width: 200 }} data-testid="batch-count" />
        </Form.Item>
        <Form.Item name="grant_kind" label={t('billing.code.kind')} rules={[{ required: true }]}>
          <Select
            data-testid="batch-kind"
            options={[
              { value: 'vip', label: t('billing.grant.vip') },
              { value: 'points', label: t('billing.grant.points') },
              { value: 'views', label: t('billing.grant.views') },
              { value: 'downloads', label: t('billing.grant.downloads') },
            ]}
          />
        </Form.Item>
        {kind === 'vip' && (
          <Form.Item
            name="grant_group_id"
            label={t('billing.code.group')}
            rules={[{ required: true, message: t('billing.code.group') }]}
          >
            <Select
              options={vipGroups.map((g) => ({ value: g.group_id, label: `${g.group_name} (#${g.group_id})` }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="grant_amount"
          label={kind === 'vip' ? t('billing.code.days') : t('billing.code.amount')}
          rules={[{ required: true }]}
        >
          <InputNumber
            min={1}
            max={kind === 'vip' ? 3650 : 1_000_000}
            precision={0}
            style={{ width: 200 }}
            data-testid="batch-amount"
          />
        </Form.Item>
        <Form.Item name="expires_at" label={t('billing.code.expires')} rules={[{ required: true }]}>
          <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} allowClear={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
