import { useQuery } from '@tanstack/react-query';
import { Button, Result, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ApiError, call, errorMessage } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { PageSpin } from '../../ui.tsx';
import { EditForm } from './EditForm.tsx';

export default function TitleEditPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const vod = useQuery({
    queryKey: keys.vod(id),
    queryFn: ({ signal }) => call('adminGetVod', { params: { id }, signal }),
    enabled: valid,
  });

  if (!valid || vod.isError) {
    return (
      <Result
        status={vod.error instanceof ApiError && vod.error.status === 404 ? '404' : 'error'}
        title={valid ? errorMessage(vod.error, t('common.loadFailed')) : t('common.loadFailed')}
        extra={
          <Space>
            <Button onClick={() => navigate('/vods')}>{t('common.back')}</Button>
            {valid && <Button onClick={() => vod.refetch()}>{t('common.reload')}</Button>}
          </Space>
        }
      />
    );
  }
  if (!vod.data) return <PageSpin />;
  return <EditForm key={id} info={vod.data.info} />;
}
