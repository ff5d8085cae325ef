import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ApiError, type Body, call, errorMessage, type Res } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { PageSpin } from '../../ui.tsx';

type Version = Res<'adminGetAppVersion'>['info'];
type Values = Required<Body<'adminPublishAppVersion'>>;
const FIELDS = ['version', 'version_code', 'notes', 'url', 'force'] as const satisfies readonly (keyof Values)[];
const VERSION_RULE = /^\d+\.\d+\.\d+$/;

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b` (x.y.z). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d > 0 ? 1 : -1;
  }
  return 0;
}

function nextPatch(v: string): string {
  if (!VERSION_RULE.test(v)) return '1.0.0';
  const [x, y, z] = v.split('.').map(Number);
  return `${x}.${y}.${(z ?? 0) + 1}`;
}

/** Nothing published yet: the server answers 404, or a zero version. */
function isPublished(v: Version | undefined): v is Version {
  return !!v && v.version_code > 0;
}

export default function AppVersionPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message, modal } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [serverError, setServerError] = useState<string | null>(null);
  const current = useQuery({
    queryKey: keys.appVersion,
    queryFn: ({ signal }) => call('adminGetAppVersion', { signal }),
  });
  const notFound = current.error instanceof ApiError && current.error.status === 404;
  const info = current.data?.info;
  const published = isPublished(info) ? info : null;

  const publish = useMutation({
    mutationFn: (body: Values) => call('adminPublishAppVersion', { body }),
    onSuccess: (res) => {
      queryClient.setQueryData(keys.appVersion, res);
      setServerError(null);
      form.resetFields();
      message.success(t('ver.published', { version: res.info.version }));
    },
    onError: (e) => {
      const msg = errorMessage(e, t('common.networkError'));
      setServerError(msg);
      const head = e instanceof ApiError ? e.field?.split('.')[0] : undefined;
      const field = FIELDS.find((f) => f === head);
      if (field) form.setFields([{ name: field, errors: [msg] }]);
    },
  });

  function onFinish(v: Values) {
    const body: Values = {
      version: v.version.trim(),
      version_code: v.version_code,
      notes: (v.notes ?? '').trim(),
      url: (v.url ?? '').trim(),
      force: !!v.force,
    };
    setServerError(null);
    modal.confirm({
      title: t('ver.confirmTitle', { version: body.version, code: body.version_code }),
      content: body.force ? t('ver.confirmForce') : t('ver.confirm'),
      okText: t('ver.publish'),
      okButtonProps: { danger: body.force, 'data-testid': 'ver-confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: () => publish.mutateAsync(body).catch(() => undefined),
    });
  }

  if (current.isLoading) return <PageSpin />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('ver.current')}
        extra={
          <Button onClick={() => current.refetch()} loading={current.isFetching}>
            {t('common.reload')}
          </Button>
        }
        data-testid="ver-current"
      >
        {current.isError && !notFound && (
          <Alert type="error" showIcon title={errorMessage(current.error, t('common.loadFailed'))} />
        )}
        {(notFound || (current.isSuccess && !published)) && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ver.none')} />
        )}
        {published && (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: 'version',
                label: t('ver.f.version'),
                children: (
                  <Typography.Text strong data-testid="ver-current-version">
                    {published.version}
                  </Typography.Text>
                ),
              },
              { key: 'code', label: t('ver.f.version_code'), children: published.version_code },
              {
                key: 'force',
                label: t('ver.f.force'),
                children: published.force ? <Tag color="red">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
              },
              {
                key: 'url',
                label: t('ver.f.url'),
                children: published.url ? (
                  <Typography.Link href={published.url} target="_blank" rel="noreferrer noopener" copyable>
                    {published.url}
                  </Typography.Link>
                ) : (
                  '-'
                ),
              },
              {
                key: 'notes',
                label: t('ver.f.notes'),
                span: 'filled',
                children: published.notes ? <div style={{ whiteSpace: 'pre-wrap' }}>{published.notes}</div> : '-',
              },
            ]}
          />
        )}
      </Card>

      <Card title={t('ver.publishTitle')} data-testid="ver-publish">
        <Typography.Paragraph type="secondary">{t('ver.help')}</Typography.Paragraph>
        {serverError && (
          <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} data-testid="ver-error" />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ notes: '', url: '', force: false }}
          onFinish={onFinish}
          onValuesChange={() => serverError && setServerError(null)}
        >
          <Row gutter={16}>
            <Col xs={24} sm={12} md={8}>
              <Form.Item
                name="version"
                label={t('ver.f.version')}
                extra={published ? t('ver.currentIs', { version: published.version }) : undefined}
                rules={[
                  { required: true, whitespace: true },
                  { pattern: VERSION_RULE, message: t('ver.versionFormat') },
                  {
                    validator: (_r, v: string) =>
                      published && v && VERSION_RULE.test(v.trim()) && compareVersions(v.trim(), published.version) <= 0
                        ? Promise.reject(new Error(t('ver.notNewer', { version: published.version })))
                        : Promise.resolve(),
                    warningOnly: true,
                  },
                ]}
              >
                <Input placeholder={nextPatch(published?.version ?? '')} data-testid="ver-version" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Form.Item
                name="version_code"
                label={t('ver.f.version_code')}
                extra={published ? t('ver.currentIs', { version: published.version_code }) : undefined}
                rules={[
                  { required: true },
                  {
                    validator: (_r, v: number | null) =>
                      published && typeof v === 'number' && v <= published.version_code
                        ? Promise.reject(new Error(t('ver.codeNotNewer', { code: published.version_code })))
                        : Promise.resolve(),
                    warningOnly: true,
                  },
                ]}
              >
                <InputNumber
                  min={1}
                  max={2_000_000_000}
                  precision={0}
                  placeholder={String((published?.version_code ?? 0) + 1)}
                  style={{ width: '100%' }}
                  data-testid="ver-version_code"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="force" label={t('ver.f.force')} valuePropName="checked" extra={t('ver.forceHelp')}>
                <Switch data-testid="ver-force" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="url" label={t('ver.f.url')} rules={[{ type: 'url', message: t('cfg.url') }, { max: 1024 }]}>
            <Input placeholder="https://example.com/app-release.apk" data-testid="ver-url" />
          </Form.Item>
          <Form.Item name="notes" label={t('ver.f.notes')} rules={[{ max: 5000 }]}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} showCount maxLength={5000} data-testid="ver-notes" />
          </Form.Item>
          <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="primary" htmlType="submit" loading={publish.isPending} data-testid="ver-submit">
              {t('ver.publish')}
            </Button>
          </div>
        </Form>
      </Card>
    </Space>
  );
}
