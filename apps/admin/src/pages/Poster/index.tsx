/**
 * The promotion poster's background (spec §2 reward-more; modules/poster): upload, replace or remove the picture
 * every member's poster is drawn on, and preview a poster drawn with it for a sample member. Calls
 * adminGetPosterSettings, adminUploadPosterBackground (multipart, field "file") and adminDeletePosterBackground.
 * Without a background the server draws a gradient with the app's name.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Image, Popconfirm, Row, Space, Typography } from 'antd';
import { useRef } from 'react';
import { call } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { ListCard, useAction } from '../../ui.tsx';

export default function PosterPage() {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const settings = useQuery({
    queryKey: keys.poster,
    queryFn: ({ signal }) => call('adminGetPosterSettings', { signal }),
  });
  const upload = useAction({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call('adminUploadPosterBackground', { body: form });
    },
    invalidate: [keys.poster],
    success: 'poster.uploaded',
  });
  const remove = useAction({
    mutationFn: () => call('adminDeletePosterBackground'),
    invalidate: [keys.poster],
    success: 'poster.removed',
  });
  const info = settings.data?.info;

  return (
    <ListCard title={t('poster.title')} error={settings.error} help={t('poster.intro')} testId="poster-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card size="small" title={t('poster.background')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {info?.background ? (
                <Image src={info.background} width={180} alt={t('poster.background')} data-testid="poster-background" />
              ) : (
                <Typography.Text type="secondary" data-testid="poster-default">
                  {info ? t('poster.defaultBg') : ''}
                </Typography.Text>
              )}
              <Typography.Text type="secondary">{t('poster.hint')}</Typography.Text>
              <Space wrap>
                <input
                  ref={input}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  style={{ display: 'none' }}
                  data-testid="poster-file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) upload.mutate(file);
                  }}
                />
                <Button
                  type="primary"
                  loading={upload.isPending}
                  disabled={!info}
                  onClick={() => input.current?.click()}
                  data-testid="poster-upload"
                >
                  {info?.background ? t('poster.replace') : t('poster.upload')}
                </Button>
                {info?.background && (
                  <Popconfirm
                    title={t('poster.removeConfirm')}
                    okText={t('poster.remove')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
                    onConfirm={() => remove.mutateAsync().catch(() => undefined)}
                  >
                    <Button danger loading={remove.isPending} data-testid="poster-remove">
                      {t('poster.remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </Space>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('poster.preview')}>
            {info && (
              <Image
                src={info.preview_url}
                width={Math.round((info.width / info.height) * 400)}
                alt={t('poster.preview')}
                data-testid="poster-preview"
              />
            )}
          </Card>
        </Col>
      </Row>
    </ListCard>
  );
}
