/**
 * The fan and attention lists (spec §2 Me, profile: fan-list, attention-list; §7 friendList): members following
 * me or followed by me, newest first, paged, each opening their homepage, with a follow / unfollow button.
 */
import type { FriendListType } from '@openvod/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { picUrl } from '../../lib/picUrl';
import { InfiniteFooter } from '../../ui/InfiniteFooter';
import { UserIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, ErrorView, LoadingView } from '../../ui/StateViews';
import { groupDisplayName } from '../me';
import { FollowButton } from './FollowButton';
import { friendInfoPath } from './paths';
import { useFriendList } from './queries';
import styles from './social.module.css';

export default function FriendListPage({ type }: { type: FriendListType }) {
  const { t } = useTranslation();
  const q = useFriendList(type);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={t(type === 'fan' ? 'pages.fanList' : 'pages.attentionList')} />
      {q.isPending && <LoadingView />}
      {q.isError && !q.data && <ErrorView onRetry={() => void q.refetch()} />}
      {q.isSuccess && rows.length === 0 && (
        <EmptyView title={t(type === 'fan' ? 'social.noFans' : 'social.noFollows')} />
      )}
      {rows.length > 0 && (
        <ul className={styles.list} data-testid={`${type}-list`}>
          {rows.map((r) => (
            <li key={r.user_id} className={styles.row} data-testid="friend-item">
              <Link to={friendInfoPath(r.user_id)} className={styles.person}>
                <span className={styles.avatar} aria-hidden="true">
                  {r.user_portrait ? <img src={picUrl(r.user_portrait)} alt="" /> : <UserIcon size={22} />}
                </span>
                <span className={styles.who}>
                  <strong>{r.user_nick_name}</strong>
                  <small>{groupDisplayName(r, t)}</small>
                </span>
              </Link>
              <FollowButton userId={r.user_id} following={r.is_follow} fan={type === 'fan'} />
            </li>
          ))}
        </ul>
      )}
      {q.isSuccess && q.hasNextPage && (
        <InfiniteFooter
          hasMore
          loadMore={async () => {
            await q.fetchNextPage();
          }}
        />
      )}
    </div>
  );
}
