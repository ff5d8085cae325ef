/**
 * Redemption codes (spec §2 me/plog/redemption-code; the code half of §7 exchangeNumber): enter a code and get what it
 * grants (VIP days of a group, points, or view / download times). Wrong, used and expired codes and too many attempts
 * each get their own message (contract BillingErrorCode 3010-3012; 1429 / HTTP 429 'Please do not operate
 * frequently', spec §8).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { PageHeader } from '../../ui/PageHeader';
import { checkRule, Form, PlainForm } from '../../ui/PlainForm';
import { billingApi } from './billingApi';
import { MemberCard } from './MemberCard';
import { refreshMembership, useVipGroups } from './queries';
import { useVipText } from './text';
import styles from './vip.module.css';

/** The message for a failed redemption: the screen's own text for the known reasons, else the server's. */
export function redeemErrorKey(err: unknown): 'codeWrong' | 'codeUsed' | 'codeExpired' | 'tooFrequent' | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (err.code === 3010) return 'codeWrong';
  if (err.code === 3011) return 'codeUsed';
  if (err.code === 3012) return 'codeExpired';
  if (err.code === 1429 || err.status === 429) return 'tooFrequent';
  return undefined;
}

/** Spec §5: a code must be entered (spaces around it do not count). */
export function checkRedemptionCode(code: string): 'vip.codeEmpty' | undefined {
  return code.trim() ? undefined : 'vip.codeEmpty';
}

export default function RedemptionCodePage() {
  const { t } = useTranslation();
  const text = useVipText();
  const groups = useVipGroups();
  const [form] = Form.useForm<{ code: string }>();
  const [error, setError] = useState('');
  const member = groups.data?.user;

  const redeem = useMutation({
    mutationFn: (code: string) => billingApi.redeemCode(code),
    onSuccess: async () => {
      form.resetFields();
      // The membership, credits and points the code granted: the user and the VIP queries (refreshMembership).
      await refreshMembership();
    },
    onError: (err) => {
      const key = redeemErrorKey(err);
      setError(key ? t(`vip.${key}`) : err instanceof Error ? err.message : t('common.loadingFailed'));
    },
  });
  const res = redeem.data;
  const group = res && groups.data?.list.find((g) => g.group_id === res.grant.grant_group_id);
  const result =
    res &&
    t('vip.redeemResult', {
      what: text.grantText(
        res.grant.grant_kind,
        res.grant.grant_amount,
        group ? text.groupName(group) : res.info.group_name,
      ),
    });

  return (
    <div className={styles.pagePlain}>
      <PageHeader title={t('pages.redemptionCode')} />
      <MemberCard />
      <PlainForm
        form={form}
        className={styles.section}
        initialValues={{ code: '' }}
        onFinishFailed={() => {
          redeem.reset();
          setError(t('vip.codeEmpty'));
        }}
        onFinish={({ code }: { code: string }) => {
          if (redeem.isPending) return;
          redeem.reset();
          setError('');
          redeem.mutate(code.trim());
        }}
      >
        <label className={styles.sectionTitle} htmlFor="redeem-code">
          {t('vip.codeLabel')}
        </label>
        <Form.Item name="code" noStyle rules={[checkRule(checkRedemptionCode)]}>
          <input
            id="redeem-code"
            className={styles.input}
            style={{ marginTop: 10 }}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t('vip.codePlaceholder')}
            data-testid="redeem-input"
          />
        </Form.Item>
        {error && (
          <p className={styles.error} role="alert" data-testid="redeem-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className={`${styles.primary} ${styles.block}`}
          disabled={redeem.isPending}
          // The last attempt's message and result go at once, before the checks (which run asynchronously).
          onClick={() => {
            setError('');
            redeem.reset();
          }}
          data-testid="redeem-submit"
        >
          {t('vip.redeem')}
        </button>
        {result && (
          <p className={styles.result} role="status" data-testid="redeem-result">
            {t('vip.redeemOk')} · {result}
          </p>
        )}
        {member && (member.user_view_credits > 0 || member.user_down_credits > 0) && (
          <p className={styles.note} data-testid="redeem-credits">
            {t('vip.credits', { views: member.user_view_credits, downs: member.user_down_credits })}
          </p>
        )}
        <p className={styles.note}>{t('vip.redeemHint')}</p>
      </PlainForm>
    </div>
  );
}
