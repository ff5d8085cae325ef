import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { call, errorMessage } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { PageSpin } from '../../ui.tsx';
import { ConfigForm } from './ConfigForm.tsx';

export default function AppConfigPage() {
  const { t } = useI18n();
  const config = useQuery({
    queryKey: keys.appConfig,
    queryFn: ({ signal }) => call('adminGetAppConfig', { signal }),
  });
  if (config.isError) {
    return (
      <Result
        status="error"
        title={errorMessage(config.error, t('common.loadFailed'))}
        extra={<Button onClick={() => config.refetch()}>{t('common.reload')}</Button>}
      />
    );
  }
  if (!config.data) return <PageSpin />;
  return <ConfigForm info={config.data.info} />;
}
