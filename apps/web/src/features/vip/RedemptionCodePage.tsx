/**
 * Redemption codes (spec §2 me/plog/redemption-code; the code half of §7 exchangeNumber): enter a code and get what it
 * grants (VIP days of a group, points, or view / download times). Wrong, used and expired codes and too many attempts
 * each get their own message (contract BillingErrorCode 3010-3012; 1429 / HTTP 429 'Please do not operate
 * frequently', spec §8).
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { PageHeader } from '../../ui/PageHeader';
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

export default function RedemptionCodePage() {
  const { t } = useTranslation();
  const text = useVipText();
  const groups = useVipGroups();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);
  const member = groups.data?.user;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const value = code.trim();
    setResult('');
    if (!value) {
      setError(t('vip.codeEmpty'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const res = await billingApi.redeemCode(value);
      const group = groups.data?.list.find((g) => g.group_id === res.grant.grant_group_id);
      const groupName = group ? text.groupName(group) : res.info.group_name;
      setResult(
        t('vip.redeemResult', { what: text.grantText(res.grant.grant_kind, res.grant.grant_amount, groupName) }),
      );
      setCode('');
      await refreshMembership();
    } catch (err) {
      const key = redeemErrorKey(err);
      setError(key ? t(`vip.${key}`) : err instanceof Error ? err.message : t('common.loadingFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.pagePlain}>
      <PageHeader title={t('pages.redemptionCode')} />
      <MemberCard />
      <form className={styles.section} onSubmit={submit} noValidate>
        <label className={styles.sectionTitle} htmlFor="redeem-code">
          {t('vip.codeLabel')}
        </label>
        <input
          id="redeem-code"
          className={styles.input}
          style={{ marginTop: 10 }}
          value={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('vip.codePlaceholder')}
          onChange={(e) => setCode(e.target.value)}
          data-testid="redeem-input"
        />
        {error && (
          <p className={styles.error} role="alert" data-testid="redeem-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className={`${styles.primary} ${styles.block}`}
          disabled={busy}
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
      </form>
    </div>
  );
}
