import type { ImportResult } from '@openvod/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { type Body, call, errorMessage } from '../../api.ts';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';

interface Picked {
  name: string;
  size: number;
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export default function ImportPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const [url, setUrl] = useState('');
  const [hours, setHours] = useState<number | null>(null);
  const [file, setFile] = useState<Picked | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<
    { ok: true; source: string; info: ImportResult } | { ok: false; source: string; msg: string } | null
  >(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = useMutation({
    mutationFn: (v: { body: Body<'adminImport'>; source: string }) => call('adminImport', { body: v.body }),
    onMutate: () => setOutcome(null),
    onSuccess: (res, v) => {
      setOutcome({ ok: true, source: v.source, info: res.info });
      void queryClient.invalidateQueries({ queryKey: keys.vods });
      void queryClient.invalidateQueries({ queryKey: keys.types });
      void queryClient.invalidateQueries({ queryKey: keys.bindings });
    },
    onError: (e, v) => setOutcome({ ok: false, source: v.source, msg: errorMessage(e, t('common.networkError')) }),
  });

  function onFile(list: FileList | null) {
    const f = list?.[0];
    setInputError(null);
    setFile(f ? { name: f.name, size: f.size } : null);
    if (f) setUrl('');
  }

  function clearFile() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit() {
    setInputError(null);
    // Read the chosen file from the input itself, so a submit right after choosing never misses it.
    const f = fileInput.current?.files?.[0];
    if (f) {
      let content: string;
      try {
        content = await f.text();
      } catch {
        setInputError(t('import.fileReadFailed'));
        return;
      }
      run.mutate({ body: { content, filename: f.name }, source: f.name });
      return;
    }
    const u = url.trim();
    if (!u) {
      setInputError(t('import.needSource'));
      return;
    }
    if (!isHttpUrl(u)) {
      setInputError(t('import.urlInvalid'));
      return;
    }
    run.mutate({ body: hours ? { url: u, hours } : { url: u }, source: u });
  }

  const info = outcome?.ok ? outcome.info : null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('import.title')}>
        <Typography.Paragraph type="secondary">{t('import.help')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={() => void submit()} style={{ maxWidth: 760 }}>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item label={t('import.url')} validateStatus={inputError && !file ? 'error' : undefined}>
                <Input
                  type="url"
                  value={url}
                  inputMode="url"
                  placeholder={t('import.urlPlaceholder')}
                  allowClear
                  onChange={(e) => {
                    setUrl(e.target.value);
                    setInputError(null);
                    if (e.target.value) clearFile();
                  }}
                  data-testid="import-url"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('import.hours')}>
                <InputNumber
                  min={1}
                  max={24 * 365}
                  precision={0}
                  value={hours}
                  onChange={(v) => setHours(typeof v === 'number' ? v : null)}
                  placeholder={t('import.hoursPlaceholder')}
                  disabled={!!file}
                  style={{ width: '100%' }}
                  data-testid="import-hours"
                />
              </Form.Item>
            </Col>
          </Row>
          <Divider plain style={{ margin: '0 0 16px' }}>
            {t('import.or')}
          </Divider>
          <Form.Item label={t('import.file')}>
            <input
              ref={fileInput}
              type="file"
              accept=".json,.xml,application/json,application/xml,text/xml"
              style={visuallyHidden}
              data-testid="import-file"
              id="import-file"
              onChange={(e) => onFile(e.target.files)}
            />
            <Space wrap>
              <Button onClick={() => fileInput.current?.click()}>{t('import.chooseFile')}</Button>
              {file ? (
                <Space size={4}>
                  <Typography.Text strong>{file.name}</Typography.Text>
                  <Typography.Text type="secondary">({formatSize(file.size)})</Typography.Text>
                  <Button type="link" size="small" onClick={clearFile}>
                    {t('common.cancel')}
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('import.noFile')}</Typography.Text>
              )}
            </Space>
          </Form.Item>
          {inputError && <Alert type="warning" showIcon title={inputError} style={{ marginBottom: 16 }} />}
          <Space>
            <Button type="primary" htmlType="submit" loading={run.isPending} data-testid="import-submit">
              {t('import.submit')}
            </Button>
            {run.isPending && <Typography.Text type="secondary">{t('import.running')}</Typography.Text>}
          </Space>
        </Form>
      </Card>

      {outcome && (
        <Card
          title={outcome.ok ? t('import.done') : t('import.failed')}
          data-testid="import-result"
          data-status={outcome.ok ? 'ok' : 'error'}
        >
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'source',
                label: t('import.source'),
                children: <Typography.Text style={{ wordBreak: 'break-all' }}>{outcome.source}</Typography.Text>,
              },
            ]}
          />
          {!outcome.ok && <Alert type="error" showIcon title={outcome.msg} data-testid="import-error" />}
          {info && (
            <>
              <Row gutter={[16, 16]}>
                {(
                  [
                    ['added', info.added, info.added ? '#389e0d' : undefined],
                    ['updated', info.updated, info.updated ? '#1677ff' : undefined],
                    ['unchanged', info.unchanged, undefined],
                    ['skipped', info.skipped.length, info.skipped.length ? '#d46b08' : undefined],
                    ['typesCreated', info.types_created, undefined],
                    ['pages', info.pages, undefined],
                  ] as const
                ).map(([k, v, color]) => (
                  <Col xs={12} sm={8} lg={4} key={k}>
                    <Card size="small" data-testid={`import-${k}`}>
                      <Statistic
                        title={t(`import.${k}`)}
                        value={v}
                        styles={color ? { content: { color } } : undefined}
                      />
                    </Card>
                  </Col>
                ))}
              </Row>
              {info.types_new.length > 0 && (
                <>
                  <Typography.Title level={5} style={{ marginTop: 24 }}>
                    {t('import.newTypesTitle')}
                  </Typography.Title>
                  <Typography.Paragraph type="secondary">{t('import.newTypesHelp')}</Typography.Paragraph>
                  <div data-testid="import-new-types">
                    <Table
                      size="small"
                      rowKey="type_id"
                      dataSource={info.types_new}
                      pagination={false}
                      scroll={{ x: 'max-content' }}
                      columns={[
                        {
                          title: t('import.newTypeName'),
                          dataIndex: 'type_name',
                          render: (name: string, row) => (
                            <Typography.Text strong>
                              {name} <Typography.Text type="secondary">#{row.type_id}</Typography.Text>
                            </Typography.Text>
                          ),
                        },
                        {
                          title: t('import.newTypeRights'),
                          key: 'groups',
                          render: (_v, row) => (
                            <Space orientation="vertical" size={2}>
                              {row.groups.map((g) => (
                                <span key={g.group_id} data-testid={`import-type-${row.type_id}-group-${g.group_id}`}>
                                  <Typography.Text>{g.group_name}: </Typography.Text>
                                  {g.rights.length ? (
                                    g.rights.map((r) => (
                                      <Tag key={r} color="blue">
                                        {t(`group.right.${r}` as MessageKey)}
                                      </Tag>
                                    ))
                                  ) : (
                                    <Tag>{t('import.newTypeNoRights')}</Tag>
                                  )}
                                </span>
                              ))}
                            </Space>
                          ),
                        },
                      ]}
                    />
                  </div>
                </>
              )}
              {info.players_added.length > 0 && (
                <Alert
                  style={{ marginTop: 24 }}
                  type="info"
                  showIcon
                  data-testid="import-players-added"
                  title={t('import.playersAdded', { list: info.players_added.map((p) => p.show).join('、') })}
                />
              )}
              {info.skipped.length > 0 && (
                <>
                  <Typography.Title level={5} style={{ marginTop: 24 }}>
                    {t('import.skippedTitle')}
                  </Typography.Title>
                  <div data-testid="import-skipped">
                    <Table
                      size="small"
                      dataSource={info.skipped.map((s, i) => ({ ...s, key: i }))}
                      pagination={info.skipped.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                      scroll={{ x: 'max-content' }}
                      columns={[
                        { title: t('import.skippedName'), dataIndex: 'vod_name' },
                        { title: t('import.skippedReason'), dataIndex: 'reason' },
                      ]}
                    />
                  </div>
                </>
              )}
            </>
          )}
        </Card>
      )}
    </Space>
  );
}
