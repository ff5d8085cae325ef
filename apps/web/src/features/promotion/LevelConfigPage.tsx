/**
 * Level rules (spec §2 me/level-config): the operator's promoter levels (name, qualified invitees needed, shares of
 * an invitee's payment per depth, registration and daily-activity rewards), the agent level, the invitation tiers
 * when on, and the rules (hold days, caps, what "qualified" means, the points rate).
 */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView, LoadingView } from '../../ui/StateViews';
import styles from './promotion.module.css';
import { useLevels } from './queries';
import { percent, yuan } from './text';

export default function LevelConfigPage() {
  const { t } = useTranslation();
  const levels = useLevels();
  const data = levels.data;
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.levelConfig')} />
      {!data ? (
        levels.isError ? (
          <ErrorView onRetry={() => void levels.refetch()} />
        ) : (
          <LoadingView />
        )
      ) : (
        <>
          <section className={styles.section} data-testid="level-list">
            <h2 className={styles.sectionTitle}>{t('promotion.levels')}</h2>
            {data.list.map((l) => (
              <div key={l.level_id} className={styles.level} data-testid="level-item">
                <strong>{l.level_name}</strong>{' '}
                <span className={styles.badge}>
                  {l.is_agent_level ? t('promotion.agentLevel') : t('promotion.needs', { count: l.min_qualified })}
                </span>
                <dl>
                  <dt>{t('promotion.ratios')}</dt>
                  <dd>
                    {percent(l.ratio_1)} / {percent(l.ratio_2)} / {percent(l.ratio_3)}
                  </dd>
                  <dt>{t('promotion.regReward')}</dt>
                  <dd>¥{yuan(l.reg_reward_fen)}</dd>
                  <dt>{t('promotion.activeReward')}</dt>
                  <dd>¥{yuan(l.active_reward_fen)}</dd>
                </dl>
              </div>
            ))}
          </section>
          {data.tiers_enabled && data.tiers.length > 0 && (
            <section className={styles.section} data-testid="tier-list">
              <h2 className={styles.sectionTitle}>{t('promotion.tiers')}</h2>
              {data.tiers.map((tier) => (
                <div key={tier.tier_id} className={styles.row}>
                  <span>{t('promotion.tierInvites', { count: tier.invites })}</span>
                  <span className={styles.note}>
                    {[
                      tier.points > 0 ? t('promotion.tierPoints', { count: tier.points }) : '',
                      tier.vip_days > 0 ? t('promotion.tierVip', { count: tier.vip_days }) : '',
                    ]
                      .filter(Boolean)
                      .join(' + ')}
                  </span>
                </div>
              ))}
            </section>
          )}
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('promotion.rules')}</h2>
            <p className={styles.note}>{t('promotion.ruleQualified')}</p>
            <p className={styles.note}>{t('promotion.ruleDepth')}</p>
            <p className={styles.note}>{t('promotion.holdNote', { count: data.hold_days })}</p>
            {data.invitee_day_cap_fen > 0 && (
              <p className={styles.note}>{t('promotion.ruleDayCap', { amount: yuan(data.invitee_day_cap_fen) })}</p>
            )}
            {data.invitee_total_cap_fen > 0 && (
              <p className={styles.note}>{t('promotion.ruleTotalCap', { amount: yuan(data.invitee_total_cap_fen) })}</p>
            )}
            {data.scale > 0 && <p className={styles.note}>{t('promotion.ruleScale', { count: data.scale })}</p>}
          </section>
        </>
      )}
    </div>
  );
}
