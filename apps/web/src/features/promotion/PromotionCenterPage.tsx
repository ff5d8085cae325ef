/**
 * Promotion centre (spec §2 me/promotion-center; issue "promotion" item 4): the member's invitation code and link
 * (copy), a QR of the link, totals (invitees, qualified, pending, available, earned, in yuan from fen), the level and
 * the progress to the next, a fraud-flag notice when the operator flagged the member, the points → cash exchange
 * (when the operator offers it), and the entries to the level
 * rules, the distribution centre, the earnings log, the promotion methods (poster) and the cash centre.
 */
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/routes';
import { toast } from '../../ui/feedback';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView, LoadingView } from '../../ui/StateViews';
import { PointsCashForm } from './PointsCashForm';
import styles from './promotion.module.css';
import { useCenter, useLevels } from './queries';
import { invitationLink, yuan } from './text';

export default function PromotionCenterPage() {
  const { t } = useTranslation();
  const center = useCenter();
  const levels = useLevels();
  const info = center.data?.info;
  const scale = levels.data?.scale ?? 0;

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast(t('promotion.copied'), 'success');
    } catch {
      toast(t('promotion.copyFailed'), 'fail');
    }
  }

  if (!info) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('pages.promotionCenter')} />
        {center.isError ? <ErrorView onRetry={() => void center.refetch()} /> : <LoadingView />}
      </div>
    );
  }
  const link = invitationLink(info.invitation_code);
  const s = info.standing;
  const next = s.next_level;
  const base = s.level?.is_agent_level ? 0 : (s.level?.min_qualified ?? 0);
  const progress = next
    ? Math.min(100, Math.round(((s.qualified - base) / Math.max(1, next.min_qualified - base)) * 100))
    : 100;
  const entries = [
    { to: paths.levelConfig, label: t('pages.levelConfig'), testId: 'to-level-config' },
    { to: paths.rewardList, label: t('pages.rewardList'), testId: 'to-reward-list' },
    { to: paths.revenueList, label: t('pages.revenueList'), testId: 'to-revenue-list' },
    { to: paths.rewardMore, label: t('pages.rewardMore'), testId: 'to-reward-more' },
    { to: paths.cashCenter, label: t('pages.cashCenter'), testId: 'to-cash-center' },
  ];
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.promotionCenter')} />
      {!info.enabled && <p className={styles.flag}>{t('promotion.off')}</p>}
      {s.fraud_flag && (
        <p className={styles.flag} role="alert" data-testid="fraud-flag">
          {t('promotion.flagged', { reason: s.fraud_reason || '-' })}
        </p>
      )}
      <div className={styles.card}>
        <div className={styles.codeRow}>
          <div>
            <small className={styles.note}>{t('promotion.myCode')}</small>
            <div className={styles.code} data-testid="invite-code">
              {info.invitation_code}
            </div>
          </div>
          <button type="button" className={styles.primary} onClick={() => void copy(link)} data-testid="copy-link">
            {t('promotion.copyLink')}
          </button>
        </div>
        <span className={styles.link} data-testid="invite-link">
          {link}
        </span>
        <div className={styles.qrWrap}>
          <div className={styles.qr}>
            <QRCodeSVG value={link} size={152} marginSize={1} data-testid="invite-qr" />
          </div>
        </div>
      </div>
      <div className={styles.totals}>
        <div className={styles.total}>
          <strong data-testid="total-invitees">{s.invitees}</strong>
          <small>{t('promotion.invitees')}</small>
        </div>
        <div className={styles.total}>
          <strong data-testid="total-qualified">{s.qualified}</strong>
          <small>{t('promotion.qualified')}</small>
        </div>
        <div className={styles.total}>
          <strong>{info.visits}</strong>
          <small>{t('promotion.visits')}</small>
        </div>
        <div className={styles.total}>
          <strong data-testid="total-pending">{yuan(info.pending_fen)}</strong>
          <small>{t('promotion.pending')}</small>
        </div>
        <div className={styles.total}>
          <strong data-testid="total-available">{yuan(info.available_fen)}</strong>
          <small>{t('promotion.available')}</small>
        </div>
        <div className={styles.total}>
          <strong data-testid="total-earned">{yuan(info.earned_fen)}</strong>
          <small>{t('promotion.earned')}</small>
        </div>
      </div>
      <section className={styles.section} data-testid="standing">
        <h2 className={styles.sectionTitle}>
          {t('promotion.myLevel')}: {s.level?.level_name ?? t('promotion.noLevel')}
        </h2>
        {next ? (
          <>
            <div className={styles.progress} aria-hidden="true">
              <span style={{ width: `${progress}%` }} />
            </div>
            <small className={styles.note}>{t('promotion.toNext', { count: s.needed, name: next.level_name })}</small>
          </>
        ) : (
          <small className={styles.note}>{s.is_agent ? t('promotion.agent') : t('promotion.topLevel')}</small>
        )}
        <p className={styles.note}>
          {t('promotion.activeToday', { count: s.active_today })} ·{' '}
          {t('promotion.activeWeek', { count: s.active_week })}
        </p>
        <p className={styles.note}>{t('promotion.holdNote', { count: info.hold_days })}</p>
      </section>
      {info.enabled && scale > 0 && <PointsCashForm scale={scale} />}
      <nav className={styles.section}>
        {entries.map((e) => (
          <Link key={e.to} to={e.to} className={styles.row} data-testid={e.testId}>
            <span>{e.label}</span>
            <span aria-hidden="true">›</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
