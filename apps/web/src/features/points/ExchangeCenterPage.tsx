/**
 * Exchange centre (spec §2 me/plog/exchange-center; §5 "Exchange needs a type and a count"): points for view or
 * download times, or VIP days of a group (exchangeNumber). The type and count are required and checked before
 * sending; each attempt carries its own key, kept after a timeout or network failure (lib/idempotency), so pressing
 * again after an unanswered request spends nothing twice. Overdrafts and switched-off
 * exchanges show the server's translated message.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAttemptKeys } from '../../lib/idempotency';
import { applyPointsBalance } from '../../lib/pointsBalance';
import styles from '../../ui/moneyPage.module.css';
import { PageHeader } from '../../ui/PageHeader';
import { checkRule, Form, firstError, PlainForm } from '../../ui/PlainForm';
import { refreshMembership } from '../vip';
import { pointsApi } from './pointsApi';
import { useRates, useTasks } from './queries';

type Kind = 'view' | 'download' | 'vip';

interface Values {
  type: Kind | '';
  group_id: number | undefined;
  count: string;
}

interface Exchange {
  type: Kind;
  group_id: number | undefined;
  count: number;
}

/** The exchange form's messages (spec §5 "Exchange needs a type and a count"). */
type ExchangeCheck = 'points.typeRequired' | 'points.groupRequired' | 'points.countRequired';

/** Spec §5: a count of 1 to 1000 (whole times or days). */
export function checkExchangeCount(count: string): ExchangeCheck | undefined {
  const n = Number(count);
  return count.trim() && Number.isInteger(n) && n >= 1 && n <= 1000 ? undefined : 'points.countRequired';
}

/** A row of choice buttons as one form control (`value` the pressed one). */
function Choices<T extends string | number>(props: {
  value?: T;
  onChange?: (value: T) => void;
  options: { value: T; label: string; testId?: string }[];
  style?: React.CSSProperties;
}) {
  return (
    <div className={styles.choices} style={props.style}>
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={styles.choice}
          aria-pressed={props.value === o.value}
          onClick={() => props.onChange?.(o.value)}
          data-testid={o.testId}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

export default function ExchangeCenterPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const tasks = useTasks();
  const rates = useRates();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? '';
  const groupId = Form.useWatch('group_id', form);
  const count = Form.useWatch('count', form) ?? '';
  const [error, setError] = useState('');
  const [keys] = useState(createAttemptKeys);
  const vipGroups = rates.data?.vip ?? [];
  const price =
    type === 'view'
      ? rates.data?.view
      : type === 'download'
        ? rates.data?.download
        : vipGroups.find((g) => g.group_id === groupId)?.points_per_day;
  const n = Number(count);

  const exchange = useMutation({
    mutationFn: ({ type: kind, group_id, count: times }: Exchange) =>
      keys.run(`${kind}:${group_id ?? ''}:${times}`, (key) =>
        pointsApi.exchange({ type: kind, count: times, ...(kind === 'vip' ? { group_id } : {}), key }),
      ),
    onSuccess: async (r, vars) => {
      form.setFieldValue('count', '');
      // The balance spent reaches the me page too (lib/pointsBalance); the balance and the task list's credits refetch.
      applyPointsBalance(r.user_points, client);
      await client.invalidateQueries({ queryKey: ['points'] });
      if (vars.type === 'vip') await refreshMembership();
    },
    onError: (err) => setError(err instanceof Error ? err.message : t('common.loadingFailed')),
  });

  const kinds: Kind[] = vipGroups.length ? ['view', 'download', 'vip'] : ['view', 'download'];
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.exchangeCenter')} />
      <div className={styles.card}>
        <div className={styles.balance}>
          <small>{t('points.balance')}</small>
          <strong data-testid="exchange-balance">{tasks.data?.user_points ?? '-'}</strong>
        </div>
        <div className={styles.balance} style={{ textAlign: 'right' }}>
          <small data-testid="exchange-credits">
            {t('points.credits', {
              views: tasks.data?.credits.views ?? 0,
              downs: tasks.data?.credits.downloads ?? 0,
            })}
          </small>
        </div>
      </div>
      <PlainForm
        form={form}
        className={styles.section}
        initialValues={{ type: '', group_id: undefined, count: '' }}
        onFinishFailed={(info) => {
          exchange.reset();
          setError(t((firstError(info) as ExchangeCheck | undefined) ?? 'common.loadingFailed'));
        }}
        onFinish={(v: Values) => {
          if (exchange.isPending || !v.type) return;
          exchange.reset();
          setError('');
          exchange.mutate({ type: v.type, group_id: v.group_id, count: Number(v.count) });
        }}
      >
        <h2 className={styles.sectionTitle}>{t('points.exchangeType')}</h2>
        <Form.Item
          name="type"
          noStyle
          rules={[checkRule((v: Kind | ''): ExchangeCheck | undefined => (v ? undefined : 'points.typeRequired'))]}
        >
          <Choices
            options={kinds.map((k) => ({ value: k, label: t(`points.kind.${k}`), testId: `exchange-type-${k}` }))}
          />
        </Form.Item>
        {type === 'vip' && (
          <Form.Item
            name="group_id"
            noStyle
            rules={[
              ({ getFieldValue }) =>
                checkRule((g: number | '') =>
                  getFieldValue('type') === 'vip' && g === '' ? 'points.groupRequired' : undefined,
                ),
            ]}
          >
            <Choices
              style={{ marginTop: 8 }}
              options={vipGroups.map((g) => ({ value: g.group_id, label: g.group_name }))}
            />
          </Form.Item>
        )}
        <h2 className={styles.sectionTitle} style={{ marginTop: 12 }}>
          <label htmlFor="exchange-count">{t('points.count')}</label>
        </h2>
        <Form.Item
          name="count"
          noStyle
          normalize={(v: string) => v.replace(/\D/g, '').slice(0, 4)}
          rules={[checkRule(checkExchangeCount)]}
        >
          <input
            id="exchange-count"
            className={styles.input}
            inputMode="numeric"
            placeholder={t('points.countPlaceholder')}
            data-testid="exchange-count"
          />
        </Form.Item>
        {type && price !== undefined && (
          <p className={styles.note}>
            {t('points.price', { count: price })}
            {n > 0 ? ` · ${t('points.cost', { count: price * n })}` : ''}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert" data-testid="exchange-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className={`${styles.primary} ${styles.block}`}
          disabled={exchange.isPending}
          data-testid="exchange-submit"
        >
          {t('points.exchange')}
        </button>
        {exchange.data && (
          <p className={styles.result} role="status" data-testid="exchange-result">
            {t('points.exchangeOk', { count: exchange.data.point })}
          </p>
        )}
      </PlainForm>
    </div>
  );
}
