/**
 * One comment (or reply) as the app shows it: author, time, whom a reply answers, text, the title (in a user's list),
 * like, reply and the "more" actions (report with a reason, delete one's own), each write asking for confirmation as
 * spec §5 says and sending tourists to sign in first ({@link useWriteGate}). Text is rendered as React text
 * (escaped), never as HTML.
 */
import { COMMENT_REPORT_REASONS, type CommentItem, type CommentReportReason } from '@openvod/contract';
import { ActionSheet, Popup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { confirm, ensureRender, overlayContainer, toast } from '../../ui/feedback';
import { ChatIcon, UserIcon } from '../../ui/icons';
import { SheetHead } from '../../ui/SheetHead';
import styles from './comments.module.css';
import { LikeIcon } from './LikeIcon';
import { useDeleteComment, useDiggComment, useReportComment } from './queries';
import { errorText } from './text';
import { useWriteGate } from './writeGate';

/** The time of a comment: relative within a day, else the date. */
export function commentTime(iso: string, locale: string, now = Date.now()): string {
  const t = new Date(iso).getTime();
  const s = Math.max(0, Math.round((now - t) / 1000));
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (s < 60) return rtf.format(0, 'second');
  if (s < 3600) return rtf.format(-Math.floor(s / 60), 'minute');
  if (s < 86_400) return rtf.format(-Math.floor(s / 3600), 'hour');
  return new Date(t).toLocaleDateString(locale);
}

interface Props {
  comment: CommentItem;
  /** Reply to this comment (opens the composer); absent where replies are not offered. */
  onReply?: (c: CommentItem) => void;
  /** Smaller layout for replies under a thread. */
  reply?: boolean;
  /**
   * Name of the thread's top comment author: a reply answering that author needs no "reply to" (it sits under the
   * comment it answers), a reply to another reply names whom it answers (Bilibili's "回复 @name：").
   */
  threadAuthor?: string;
}

export function CommentItemView({ comment: c, onReply, reply = false, threadAuthor }: Props) {
  const { t, i18n } = useTranslation();
  const me = useSession((s) => s.user?.user_id ?? 0);
  const gate = useWriteGate();
  const digg = useDiggComment();
  const remove = useDeleteComment();
  const [reporting, setReporting] = useState(false);
  const mine = me > 0 && c.user_id === me;
  const name = c.user_id ? c.comment_name : t('comments.deletedUser');
  const replyTo = c.reply_name && c.reply_name !== threadAuthor ? c.reply_name : '';

  const like = () => {
    if (gate() || c.digg) return;
    digg.mutate(c.comment_id, { onError: (e) => toast(errorText(e, t), 'fail') });
  };
  const more = () => {
    // antd-mobile's imperative sheets need its React 19 renderer (ui/feedback.tsx), as toasts and dialogs do.
    ensureRender();
    ActionSheet.show({
      getContainer: overlayContainer,
      cancelText: t('common.cancel'),
      closeOnAction: true,
      actions: [
        mine
          ? { key: 'delete', text: <span data-testid="comment-delete">{t('comments.delete')}</span>, danger: true }
          : { key: 'report', text: <span data-testid="comment-report">{t('comments.report')}</span> },
      ],
      onAction: async (action) => {
        if (action.key === 'report') {
          if (!gate()) setReporting(true);
          return;
        }
        const yes = await confirm({
          content: t('comments.deleteConfirm'),
          confirmText: <span data-testid="comment-delete-confirm">{t('comments.delete')}</span>,
          cancelText: t('common.cancel'),
        });
        if (yes)
          remove.mutate(c.comment_id, {
            onSuccess: () => toast(t('comments.deleted'), 'success'),
            onError: (e) => toast(errorText(e, t), 'fail'),
          });
      },
    });
  };

  return (
    <article className={reply ? styles.reply : styles.item} data-testid="comment-item" data-comment-id={c.comment_id}>
      <span className={styles.avatar} aria-hidden="true">
        {c.user_portrait ? <img src={c.user_portrait} alt="" /> : <UserIcon size={reply ? 16 : 20} />}
      </span>
      <div className={styles.body}>
        <div className={styles.meta}>
          <span className={styles.name} data-testid="comment-name">
            {name}
          </span>
          <time className={styles.time}>{commentTime(c.comment_time, i18n.language)}</time>
        </div>
        <p className={styles.text}>
          {/* Whom it answers goes before the text, where a long name wraps instead of crowding the author's. */}
          {replyTo && (
            <span className={styles.replyTo} data-testid="comment-reply-to">
              {t('comments.replyPrefix', { name: replyTo })}
            </span>
          )}
          <span data-testid="comment-text">{c.comment_content}</span>
        </p>
        {/* A user's list (the homepage) says which title each comment is about, and leads to it. */}
        {c.vod_name && (
          <Link to={detailPath(c.comment_rid)} className={styles.vodLink} data-testid="comment-vod">
            {c.vod_name}
          </Link>
        )}
        {c.comment_status === 0 && <p className={styles.pending}>{t('comments.pending')}</p>}
        <div className={styles.actions}>
          <button
            type="button"
            className={c.digg ? styles.liked : styles.action}
            onClick={like}
            aria-pressed={c.digg === 1}
            aria-label={t('comments.like')}
            data-testid="comment-like"
          >
            <LikeIcon size={15} filled={c.digg === 1} /> {c.comment_up > 0 ? c.comment_up : t('comments.like')}
          </button>
          {onReply && (
            <button
              type="button"
              className={styles.action}
              onClick={() => !gate() && onReply(c)}
              data-testid="comment-reply"
            >
              <ChatIcon size={15} /> {t('comments.reply')}
            </button>
          )}
          <button
            type="button"
            className={styles.action}
            onClick={more}
            aria-label={t('comments.more')}
            data-testid="comment-more"
          >
            ⋯
          </button>
        </div>
      </div>
      <ReportSheet id={c.comment_id} open={reporting} onClose={() => setReporting(false)} />
    </article>
  );
}

/** The report sheet: a reason of the fixed list, an optional text, then a confirmation. */
function ReportSheet({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<CommentReportReason | undefined>();
  const [text, setText] = useState('');
  const report = useReportComment();
  const submit = async () => {
    if (!reason) return;
    const yes = await confirm({
      content: t('comments.reportConfirm'),
      confirmText: <span data-testid="comment-report-confirm">{t('comments.report')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    report.mutate(
      { id, reason, text },
      {
        onSuccess: () => {
          toast(t('comments.reported'), 'success');
          onClose();
        },
        onError: (e) => toast(errorText(e, t), 'fail'),
      },
    );
  };
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      getContainer={overlayContainer}
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      <SheetHead title={t('comments.reportTitle')} onClose={onClose} />
      <div className={styles.reportBody} data-testid="comment-report-sheet">
        <div className={styles.reasons}>
          {COMMENT_REPORT_REASONS.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={reason === r}
              className={reason === r ? styles.reasonOn : styles.reasonBtn}
              onClick={() => setReason(r)}
              data-testid={`report-reason-${r}`}
            >
              {t(`comments.reason.${r}`)}
            </button>
          ))}
        </div>
        <TextArea
          className={styles.input}
          placeholder={t('comments.reportText')}
          value={text}
          onChange={setText}
          maxLength={200}
          rows={2}
        />
        <button
          type="button"
          className={styles.primary}
          disabled={!reason || report.isPending}
          onClick={submit}
          data-testid="comment-report-submit"
        >
          {t('comments.report')}
        </button>
      </div>
    </Popup>
  );
}
