import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { accountApi } from '../../lib/accountApi';
import { useAppConfig } from '../../lib/appConfig';
import { safeRedirect } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { PhoneIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { Form } from '../../ui/PlainForm';
import styles from './BindPhonePage.module.css';
import { type PhoneCode, PhoneCodeForm } from './PhoneCodeForm';
import { maskPhone } from './phone';
import type { ValidationKey } from './validation';

/**
 * Spec §2 bind-phone: code + bind; the reward (bindPhonePoint) is shown; phones are shown masked. With `?redirect=`
 * (the bind prompt before a guest pays, bindGate.tsx) a successful bind returns to that page: back in the history
 * when the prompt opened this page from it (navigation state `returnsBack`), so no second copy of that page is left
 * behind; otherwise this page is replaced by it.
 */
export default function BindPhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const returnsBack = (useLocation().state as { returnsBack?: boolean } | null)?.returnsBack === true;
  const config = useAppConfig();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PhoneCode>();
  const [error, setError] = useState<ValidationKey | undefined>();
  const [reward, setReward] = useState<number | undefined>();

  const bind = useMutation({
    mutationFn: (values: PhoneCode) => accountApi.bindPhone(values),
    onSuccess: async (res) => {
      setUser(res.info);
      setReward(res.point);
      form.resetFields();
      toast(res.point > 0 ? t('bindPhone.boundWithPoints', { points: res.point }) : t('bindPhone.bound'), 'success');
      if (redirect && returnsBack) navigate(-1);
      else if (redirect) navigate(safeRedirect(redirect), { replace: true });
      // The reward is paid in points and the task list's bind-phone task is done (features/points/queries.ts).
      await queryClient.invalidateQueries({ queryKey: ['points'] });
    },
    onError: (err) => toast(err instanceof Error ? err.message : t('common.loadingFailed'), 'fail'),
  });

  if (!user) return null;

  async function sendCode(phone: string): Promise<number | undefined> {
    try {
      const res = await accountApi.bindPhoneCode({ phone });
      toast(t('account.codeSent'), 'success');
      return res.resend_after;
    } catch (err) {
      toast(err instanceof Error ? err.message : t('common.loadingFailed'), 'fail');
      return undefined;
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.bindPhone')} />
      <div className={styles.current} data-testid="bind-current">
        <PhoneIcon size={28} />
        {user.user_phone ? (
          <span>
            {t('bindPhone.current')} <strong data-testid="bind-masked">{maskPhone(user.user_phone)}</strong>
          </span>
        ) : (
          <span>{t('bindPhone.none')}</span>
        )}
      </div>
      {!user.user_phone && config.bindPhonePoint > 0 && (
        <p className={styles.rewardHint}>{t('bindPhone.rewardHint', { points: config.bindPhonePoint })}</p>
      )}
      {reward !== undefined && (
        <p className={styles.reward} role="status" data-testid="bind-reward">
          {reward > 0 ? t('bindPhone.boundWithPoints', { points: reward }) : t('bindPhone.bound')}
        </p>
      )}

      <PhoneCodeForm
        form={form}
        className={styles.form}
        testIdPrefix="bind"
        submitTestId="bind-submit"
        submitLabel={user.user_phone ? t('bindPhone.rebind') : t('bindPhone.bind')}
        busy={bind.isPending}
        phonePlaceholder={user.user_phone ? t('bindPhone.newPhone') : t('account.phonePlaceholder')}
        onSendCode={sendCode}
        onCheck={setError}
        onSubmit={(values) => {
          if (!bind.isPending) bind.mutate(values);
        }}
        notice={
          error && (
            <p className={styles.error} role="alert" data-testid="form-error">
              {t(error)}
            </p>
          )
        }
      />
    </div>
  );
}
