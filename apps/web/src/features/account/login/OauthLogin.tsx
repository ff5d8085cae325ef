import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accountApi } from '../../../lib/accountApi';
import { safeRedirect } from '../../../lib/routes';
import { toast } from '../../../ui/feedback';
import styles from '../LoginPage.module.css';
import type { LoginGate } from './useSignInMutation';

/**
 * Spec §2 third-party sign-in (WeChat, QQ, ... as the app config lists them): the server answers the provider's
 * address and the page goes there; the provider sends the viewer back to the app's start page, where the launch flow
 * finishes the sign-in (app/Launch).
 */
export function OauthLogin({ gate, providers }: { gate: LoginGate; providers: readonly string[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const start = useMutation({
    mutationFn: (provider: string) =>
      accountApi.oauth({ provider, redirect: `#${safeRedirect(params.get('redirect'))}` }),
    onSuccess: (res) => window.location.assign(res.url),
    onError: (err) => toast(err instanceof Error ? err.message : t('account.authFailed'), 'fail'),
  });
  return (
    <div className={styles.providers}>
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className={styles.provider}
          onClick={() => {
            if (gate.pass()) start.mutate(provider);
          }}
          data-testid={`login-oauth-${provider}`}
        >
          {providerName(provider, t)}
        </button>
      ))}
    </div>
  );
}

function providerName(provider: string, t: TFunction) {
  if (provider === 'wechat') return t('account.providerWechat');
  if (provider === 'qq') return t('account.providerQq');
  return provider;
}
