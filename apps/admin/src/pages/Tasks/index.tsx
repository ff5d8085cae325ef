/**
 * Console: daily task rewards and free quotas (issue 7 items 5 and 6; spec §3 Task config, §9 daily rewards): per
 * task the points paid, the daily cap (num), the minutes of duration tasks and the switch (adminListPointTasks /
 * adminUpdatePointTask, saved per row); free views / downloads per day per user group and the exchange prices in
 * points (adminGetPointsSettings / adminUpdatePointsSettings).
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { type Body, call, type Res } from '../../api.ts';
import { plogTypeName, useI18n } from '../../i18n.ts';
import { DataTable, ListCard, useAction } from '../../ui.tsx';

type Task = Res<'adminListPointTasks'>['list'][number];
type Settings = Res<'adminGetPointsSettings'>;
const tasksKey = ['admin', 'points', 'tasks'] as const;
const settingsKey = ['admin', 'points', 'settings'] as const;

function TaskRow({ task }: { task: Task }) {
  const { t } = useI18n();
  const [v, setV] = useState({ points: task.points, num: task.num, long: task.long, enabled: task.enabled });
  useEffect(() => setV({ points: task.points, num: task.num, long: task.long, enabled: task.enabled }), [task]);
  const save = useAction({
    mutationFn: () => call('adminUpdatePointTask', { params: { id: task.task_id }, body: v }),
    invalidate: [tasksKey],
  });
  const changed = v.points !== task.points || v.num !== task.num || v.long !== task.long || v.enabled !== task.enabled;
  return (
    <Space wrap>
      <InputNumber
        min={0}
        max={100000}
        precision={0}
        value={v.points}
        addonAfter={t('points.col.points')}
        onChange={(x) => setV({ ...v, points: x ?? 0 })}
        data-testid={`task-points-${task.task_key}`}
      />
      <InputNumber
        min={1}
        max={1000}
        precision={0}
        value={v.num}
        addonAfter={t('points.col.num')}
        onChange={(x) => setV({ ...v, num: x ?? 1 })}
      />
      {task.long > 0 && (
        <InputNumber
          min={1}
          max={1440}
          precision={0}
          value={v.long}
          addonAfter={t('points.col.long')}
          onChange={(x) => setV({ ...v, long: x ?? 1 })}
        />
      )}
      <Switch checked={v.enabled} onChange={(enabled) => setV({ ...v, enabled })} />
      <Button
        type="primary"
        size="small"
        disabled={!changed}
        loading={save.isPending}
        onClick={() => save.mutate(undefined)}
        data-testid={`task-save-${task.task_key}`}
      >
        {t('common.save')}
      </Button>
    </Space>
  );
}

function SettingsCard() {
  const { t } = useI18n();
  const q = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => call('adminGetPointsSettings', { signal }) });
  const [form] = Form.useForm<Settings>();
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = useAction({
    mutationFn: (v: Body<'adminUpdatePointsSettings'>) => call('adminUpdatePointsSettings', { body: v }),
    invalidate: [settingsKey],
  });
  const quotas = q.data?.quotas ?? [];
  return (
    <ListCard title={t('points.quotas')} error={q.error} help={t('points.quotasHelp')}>
      <Form<Settings>
        form={form}
        layout="vertical"
        onFinish={(v) =>
          save.mutate({
            view_points: v.view_points,
            download_points: v.download_points,
            quotas: quotas.map((g, i) => ({
              group_id: g.group_id,
              free_views: v.quotas?.[i]?.free_views ?? g.free_views,
              free_downloads: v.quotas?.[i]?.free_downloads ?? g.free_downloads,
              ...(g.group_id >= 3 ? { points_per_day: v.quotas?.[i]?.points_per_day ?? g.points_per_day } : {}),
            })),
          })
        }
      >
        {quotas.map((g, i) => (
          <Space key={g.group_id} wrap style={{ display: 'flex' }}>
            <span style={{ display: 'inline-block', minWidth: 140 }}>
              {g.group_name} #{g.group_id}
            </span>
            <Form.Item name={['quotas', i, 'free_views']} label={t('points.freeViews')}>
              <InputNumber min={0} max={100000} precision={0} />
            </Form.Item>
            <Form.Item name={['quotas', i, 'free_downloads']} label={t('points.freeDownloads')}>
              <InputNumber min={0} max={100000} precision={0} />
            </Form.Item>
            {g.group_id >= 3 && (
              <Form.Item
                name={['quotas', i, 'points_per_day']}
                label={t('points.vipDayPoints')}
                tooltip={t('points.vipDayPointsHelp')}
              >
                <InputNumber min={0} max={1000000} precision={0} data-testid={`vip-day-points-${g.group_id}`} />
              </Form.Item>
            )}
          </Space>
        ))}
        <Space wrap>
          <Form.Item name="view_points" label={t('points.viewPoints')}>
            <InputNumber min={0} max={1000000} precision={0} />
          </Form.Item>
          <Form.Item name="download_points" label={t('points.downloadPoints')}>
            <InputNumber min={0} max={1000000} precision={0} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </ListCard>
  );
}

export default function TasksPage() {
  const { t } = useI18n();
  const q = useQuery({ queryKey: tasksKey, queryFn: ({ signal }) => call('adminListPointTasks', { signal }) });
  const columns: ColumnsType<Task> = [
    {
      title: t('points.col.task'),
      dataIndex: 'task_key',
      render: (key: string, row) => (
        <span data-testid={`task-name-${key}`} title={key}>
          {row.long > 0 ? t('points.task.watchMin', { n: row.long }) : plogTypeName(t, row.plog_type)}
        </span>
      ),
    },
    { title: t('points.col.type'), dataIndex: 'plog_type' },
    { title: t('points.col.reward'), key: 'edit', render: (_v, row) => <TaskRow task={row} /> },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ListCard title={t('points.tasks')} error={q.error} help={t('points.tasksHelp')} testId="points-tasks">
        <DataTable<Task>
          rowKey="task_id"
          columns={columns}
          dataSource={q.data?.list ?? []}
          loading={q.isLoading}
          pagination={false}
        />
      </ListCard>
      <SettingsCard />
    </Space>
  );
}
