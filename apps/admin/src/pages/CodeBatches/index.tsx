/**
 * Console: redemption code batches (issue 6 item 7/8). Generate a batch (count 1-10,000; what each code grants: VIP
 * days of a VIP group, points, or view / download times; an expiry date) with adminCreateCodeBatch, list batches with
 * their used counts, and export a batch as CSV (adminExportCodeBatch: code, state, used_by, used_at) as a download.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { App as AntApp, Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, callFile, type Res } from '../../api.ts';
import { billingKeys, grantLabel } from '../../billing.tsx';
import { useI18n } from '../../i18n.ts';
import { useGroups } from '../../queries.ts';
import { DataTable, formatTime, ListCard } from '../../ui.tsx';
import { BatchModal } from './BatchModal.tsx';

type Batch = Res<'adminListCodeBatches'>['list'][number];

/**
 * Download a batch's CSV (adminExportCodeBatch through {@link callFile}, which sends the console's `authorcode`): the
 * answer is handed to the browser as the file `codes-<id>.csv`.
 */
export async function downloadBatchCsv(id: number): Promise<void> {
  const blob = await callFile('adminExportCodeBatch', { params: { id } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `codes-${id}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function CodeBatchesPage() {
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const [creating, setCreating] = useState(false);
  const batches = useQuery({
    queryKey: billingKeys.batches,
    queryFn: ({ signal }) => call('adminListCodeBatches', { signal }),
  });
  const groups = useGroups();
  const groupName = (id: number) => groups.data?.find((g) => g.group_id === id)?.group_name ?? `#${id}`;

  const exportCsv = useMutation({
    mutationFn: downloadBatchCsv,
    onError: () => message.error(t('common.networkError')),
  });

  const columns: ColumnsType<Batch> = [
    {
      title: t('billing.code.name'),
      dataIndex: 'batch_name',
      render: (name: string, row) => (
        <span>
          {name} <Typography.Text type="secondary">#{row.batch_id}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('billing.code.kind'),
      key: 'grant',
      render: (_v, row) => grantLabel(row.grant_kind, row.grant_amount, groupName(row.grant_group_id), t),
    },
    {
      title: t('billing.code.used'),
      key: 'used',
      render: (_v, row) => `${row.used_count} / ${row.code_count}`,
    },
    {
      title: t('billing.code.expires'),
      dataIndex: 'expires_at',
      // The operator day the codes redeem through (the server's time zone), as picked when the batch was made; the
      // exact instant in this browser's time in the tooltip.
      render: (v: string, row) => {
        const past = new Date(v).getTime() <= Date.now();
        return (
          <Typography.Text
            type={past ? 'danger' : undefined}
            title={formatTime(v)}
            data-testid={`batch-expires-${row.batch_id}`}
          >
            {row.expires_day}
          </Typography.Text>
        );
      },
    },
    {
      title: t('billing.code.created'),
      dataIndex: 'created_at',
      responsive: ['md'],
      render: (v: string) => formatTime(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, row) => (
        <Button
          size="small"
          loading={exportCsv.isPending && exportCsv.variables === row.batch_id}
          onClick={() => exportCsv.mutate(row.batch_id)}
          data-testid={`batch-export-${row.batch_id}`}
        >
          {t('billing.code.export')}
        </Button>
      ),
    },
  ];

  return (
    <ListCard
      title={t('billing.code.title')}
      help={t('billing.code.help')}
      error={batches.error}
      testId="batches-card"
      extra={
        <Button type="primary" onClick={() => setCreating(true)} data-testid="batch-add">
          {t('billing.code.generate')}
        </Button>
      }
    >
      <DataTable<Batch>
        rowKey="batch_id"
        columns={columns}
        dataSource={batches.data?.list ?? []}
        loading={batches.isPending}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      {creating && <BatchModal onClose={() => setCreating(false)} />}
    </ListCard>
  );
}
