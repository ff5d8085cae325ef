/**
 * A title's like (spec §7 digg; §1 likes): the count (`vod_up`) and my like, toggled; a tourist or the device's
 * guest is asked to sign in. `variant="rail"` is the feeds' right-side column look.
 */
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/feedback';
import { errorMessage } from '../../ui/StateViews';
import { HeartIcon } from './icons';
import { useMemberGate } from './memberGate';
import { useDigg, useDiggState } from './queries';
import styles from './social.module.css';

export function LikeButton({ vodId, variant = 'pill' }: { vodId: number; variant?: 'pill' | 'rail' }) {
  const { t } = useTranslation();
  const gate = useMemberGate();
  const state = useDiggState(vodId).data?.info;
  const digg = useDigg(vodId);
  const liked = state?.digg ?? false;
  const count = state?.vod_up ?? 0;
  const className =
    variant === 'rail'
      ? `${styles.railButton} ${liked ? styles.railLiked : ''}`
      : `${styles.like} ${liked ? styles.liked : ''}`;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={liked}
      aria-label={liked ? t('social.unlike') : t('social.like')}
      // Until my like is known a tap could only guess which way to toggle.
      disabled={digg.isPending || !state}
      data-testid="like-title"
      data-liked={liked}
      onClick={() => {
        if (gate()) return;
        digg.mutate(!liked, { onError: (err) => toast(errorMessage(err) ?? t('common.loadingFailed'), 'fail') });
      }}
    >
      <HeartIcon size={variant === 'rail' ? 30 : 18} filled={liked} />
      <span data-testid="like-count">{count}</span>
    </button>
  );
}
