/**
 * The comment composer: a text box (at most COMMENT_TEXT_MAX characters) and a send button, for a top comment on
 * title `vodId` or a reply to `replyTo`. Tourists are sent to sign in ({@link useWriteGate}) when they focus it. A
 * comment kept for review (status 0, community review-first) is announced as "awaiting review".
 */
import { COMMENT_TEXT_MAX, type CommentItem } from '@openvod/contract';
import { TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/feedback';
import { CloseIcon } from '../../ui/icons';
import styles from './comments.module.css';
import { useSaveComment } from './queries';
import { errorText } from './text';
import { useWriteGate } from './writeGate';

interface Props {
  vodId: number;
  replyTo?: CommentItem;
  onCancelReply?: () => void;
  onSent?: () => void;
}

export function Composer({ vodId, replyTo, onCancelReply, onSent }: Props) {
  const { t } = useTranslation();
  const gate = useWriteGate();
  const save = useSaveComment();
  const [text, setText] = useState('');
  const send = () => {
    if (gate() || !text.trim()) return;
    save.mutate(
      { rid: vodId, pid: replyTo?.comment_id, content: text },
      {
        onSuccess: (r) => {
          setText('');
          toast(r.info.comment_status === 0 ? t('comments.pending') : t('comments.sent'), 'success');
          onSent?.();
        },
        onError: (e) => toast(errorText(e, t), 'fail'),
      },
    );
  };
  return (
    <div className={styles.composer} data-testid="comment-composer">
      {replyTo && (
        <div className={styles.replying}>
          <span>
            {t('comments.replyTo', { name: replyTo.user_id ? replyTo.comment_name : t('comments.deletedUser') })}
          </span>
          <button type="button" className={styles.iconBtn} onClick={onCancelReply} aria-label={t('common.cancel')}>
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      <div className={styles.composeRow}>
        <TextArea
          className={styles.input}
          placeholder={replyTo ? t('comments.replyPlaceholder') : t('comments.placeholder')}
          value={text}
          onChange={setText}
          onFocus={() => gate()}
          maxLength={COMMENT_TEXT_MAX}
          autoSize={{ minRows: 1, maxRows: 4 }}
        />
        <button
          type="button"
          className={styles.send}
          disabled={save.isPending || !text.trim()}
          onClick={send}
          data-testid="comment-send"
        >
          {t('comments.send')}
        </button>
      </div>
    </div>
  );
}
