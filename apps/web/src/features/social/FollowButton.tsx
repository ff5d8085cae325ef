/**
 * Follow / unfollow a member (friendAdd, friendDel): a tourist or guest is asked to sign in first. `fan`: the member
 * follows me (the fan list), so the button says "follow back", and "mutual" once I follow them too (Bilibili's 回关 /
 * 互相关注).
 */
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/feedback';
import { errorMessage } from '../../ui/StateViews';
import { useMemberGate } from './memberGate';
import { useFollow } from './queries';
import styles from './social.module.css';

export function FollowButton({
  userId,
  following,
  fan = false,
}: {
  userId: number;
  following: boolean;
  fan?: boolean;
}) {
  const { t } = useTranslation();
  const gate = useMemberGate();
  const follow = useFollow();
  return (
    <button
      type="button"
      className={`${styles.follow} ${following ? styles.following : ''}`}
      disabled={follow.isPending}
      aria-pressed={following}
      data-testid={`follow-${userId}`}
      onClick={() => {
        if (gate()) return;
        follow.mutate(
          { userId, on: !following },
          {
            onSuccess: () => toast(following ? t('social.unfollowed') : t('social.followed'), 'success'),
            onError: (err) => toast(errorMessage(err) ?? t('common.loadingFailed'), 'fail'),
          },
        );
      }}
    >
      {fan
        ? following
          ? t('social.mutual')
          : t('social.followBack')
        : following
          ? t('social.following')
          : t('social.follow')}
    </button>
  );
}
