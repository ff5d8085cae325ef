import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { call, errorMessage } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { LanguagePicker } from '../../LanguagePicker.tsx';
import { setSession, takeEndReason, useSession } from '../../session.ts';

interface LoginForm {
  admin_name: string;
  admin_pwd: string;
}

export default function LoginPage() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [expired] = useState(() => takeEndReason() === 'expired');
  const queryClient = useQueryClient();
  const login = useMutation({
    mutationFn: (values: LoginForm) => call('adminLogin', { body: values }),
    onSuccess: (res) => {
      // Nothing read under another operator's session is kept.
      queryClient.clear();
      setSession({
        token: res.token,
        admin_id: res.info.admin_id,
        admin_name: res.info.admin_name,
        time_zone: res.time_zone,
      });
      navigate(from && from !== '/login' ? from : '/vods', { replace: true });
    },
  });
  const error = login.isError ? errorMessage(login.error, t('common.networkError')) : null;

  if (session) return <Navigate to={from && from !== '/login' ? from : '/vods'} replace />;

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(160deg, #001529 0%, #0b2a4a 55%, #123e6b 100%)',
      }}
    >
      <Card style={{ width: '100%', maxWidth: 380 }} styles={{ body: { padding: 32 } }}>
        <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', marginBottom: 4 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
          <LanguagePicker testId="login-lang" link />
        </div>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
          {t('login.title')}
        </Typography.Paragraph>
        {expired && !error && <Alert type="warning" showIcon title={t('login.expired')} style={{ marginBottom: 16 }} />}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<LoginForm>
          layout="vertical"
          onFinish={(values) => login.mutate(values)}
          requiredMark={false}
          autoComplete="on"
        >
          <Form.Item
            name="admin_name"
            label={t('login.name')}
            rules={[{ required: true, whitespace: true, message: t('login.required', { field: t('login.name') }) }]}
          >
            <Input autoComplete="username" autoFocus size="large" name="admin_name" />
          </Form.Item>
          <Form.Item
            name="admin_pwd"
            label={t('login.pwd')}
            rules={[{ required: true, message: t('login.required', { field: t('login.pwd') }) }]}
          >
            <Input.Password autoComplete="current-password" size="large" name="admin_pwd" />
          </Form.Item>
          {/* Named by its label alone: antd's spinner can linger (collapsed, still named "loading") after a quick
              failed attempt on a busy machine, which would rename the button for screen readers; aria-busy says
              it is waiting. */}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={login.isPending}
            aria-label={t('login.submit')}
            aria-busy={login.isPending}
          >
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
