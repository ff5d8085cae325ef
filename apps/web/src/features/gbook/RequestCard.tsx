/**
 * One movie request in a list or on its detail page: title, lead actor, genres, state, author and time, the upvote
 * button (members only: a tourist is sent to sign in), the operator's reply and, once resolved, the linked title.
 * Every text is user-written: rendered as React text nodes only (escaped).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { picUrl } from '../../lib/picUrl';
import { detailPath } from '../../lib/routes';
import { toast } from '../../ui/feedback';
import { errorMessage } from '../../ui/StateViews';
import styles from './gbook.module.css';
import type { GbookListItem } from './gbookApi';
import { useMemberGate } from './memberGate';
import { useHitGbook } from './queries';

/** The request's state tag (one request: `gbook.state*`, singular where the filter tabs' `gbook.requesting` and
 * `gbook.resolved` name the plural lists, as in French "Résolues"). */
export function StateTag({ item }: { item: GbookListItem }) {
  const { t } = useTranslation();
  const resolved = item.gbook_state === 'resolved';
  return (
    <span className={`${styles.state} ${resolved ? styles.resolved : ''}`} data-testid="request-state">
      {resolved ? t('gbook.stateResolved') : t('gbook.stateRequesting')}
    </span>
  );
}

/** The upvote button with the count. */
export function UpvoteButton({ item }: { item: GbookListItem }) {
  const { t } = useTranslation();
  const gate = useMemberGate();
  const hit = useHitGbook();
  return (
    <button
      type="button"
      className={`${styles.upvote} ${item.hit ? styles.upvoted : ''}`}
      aria-pressed={item.hit}
      aria-label={t('gbook.upvote')}
      data-testid="request-upvote"
      disabled={hit.isPending}
      onClick={() => {
        if (gate()) return;
        hit.mutate(item.gbook_id, {
          onSuccess: () => toast(t('gbook.upvoted'), 'success'),
          onError: (e) => toast(errorMessage(e) ?? t('gbook.failed'), 'fail'),
        });
      }}
    >
      <span aria-hidden="true">▲</span>
      <span data-testid="request-hits">{item.gbook_hits}</span>
    </button>
  );
}

/** The title that resolved a request, linking to its page. */
export function ResolvedTitle({ item }: { item: GbookListItem }) {
  const { t } = useTranslation();
  if (item.gbook_state !== 'resolved' || !item.vod_id) return null;
  return (
    <Link to={detailPath(item.vod_id)} className={styles.vod} data-testid="request-vod">
      {item.vod_pic && <img src={picUrl(item.vod_pic)} alt="" />}
      <span className={styles.vodName}>{item.vod_name}</span>
      <span className={styles.meta}>{t('gbook.watch')}</span>
    </Link>
  );
}

export function RequestCard({ item, to, extra }: { item: GbookListItem; to?: string; extra?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const head = (
    <>
      <h3 className={styles.title} data-testid="request-title">
        {item.gbook_title}
      </h3>
      <div className={styles.meta} data-testid="request-actor">
        {t('gbook.actorLine', { name: item.gbook_actor })}
      </div>
    </>
  );
  return (
    <li className={styles.card} data-testid="request-item" data-id={item.gbook_id}>
      <div className={styles.cardHead}>
        {to ? (
          <Link to={to} className={styles.cardLink}>
            {head}
          </Link>
        ) : (
          <div className={styles.cardLink}>{head}</div>
        )}
        {item.unread && (
          <span className={styles.newDot} data-testid="request-new">
            {t('gbook.new')}
          </span>
        )}
        <StateTag item={item} />
      </div>
      {item.gbook_genres.length > 0 && (
        <div className={styles.chips}>
          {item.gbook_genres.map((g) => (
            <span key={g} className={styles.chip}>
              {g}
            </span>
          ))}
        </div>
      )}
      {item.gbook_content && <p className={styles.content}>{item.gbook_content}</p>}
      {item.gbook_reply && (
        <div className={styles.reply} data-testid="request-reply">
          {t('gbook.replyLine', { text: item.gbook_reply })}
        </div>
      )}
      <ResolvedTitle item={item} />
      <div className={styles.row}>
        <span className={styles.meta}>
          {t('gbook.byLine', {
            name: item.gbook_name || t('gbook.anonymous'),
            time: new Date(item.gbook_time).toLocaleDateString(i18n.language),
          })}
        </span>
        <UpvoteButton item={item} />
      </div>
      {extra}
    </li>
  );
}
