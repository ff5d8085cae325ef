/**
 * The personal homepage (spec §2 Me, profile: friend-info `?id=`; §7 userinfo = publicUserInfo): avatar, nickname,
 * group (level), attention and fan counts, region (opening /open-location), the follow button, and the member's
 * public comments through `commentsSlot` (composed in app/router.tsx by the comments feature).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { picUrl } from '../../lib/picUrl';
import { positiveInt } from '../../lib/routes';
import { ShareIcon, UserIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyView, queryStateView } from '../../ui/StateViews';
import { groupDisplayName } from '../me';
import { FollowButton } from './FollowButton';
import { PinIcon } from './icons';
import { friendInfoPath, shareToPath, socialPaths } from './paths';
import { usePublicUser } from './queries';
import styles from './social.module.css';

export interface FriendInfoPageProps {
  /** The member's public comments, by the comments feature (left out: no section). */
  commentsSlot?: (userId: number) => ReactNode;
}

export default function FriendInfoPage({ commentsSlot }: FriendInfoPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id')) ?? 0;
  const q = usePublicUser(id);
  const info = q.data?.info;
  const state = id ? queryStateView([q]) : <EmptyView title={t('social.userMissing')} />;
  const region = info?.region;
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('pages.friendInfo')}
        right={
          info ? (
            <Link
              to={shareToPath(friendInfoPath(info.user_id), info.user_nick_name)}
              className={styles.iconButton}
              aria-label={t('share.button')}
              data-testid="friend-share"
            >
              <ShareIcon size={20} />
            </Link>
          ) : undefined
        }
      />
      {state ??
        (info && (
          <>
            <section className={styles.head} data-testid="friend-info" data-user-id={info.user_id}>
              <span className={styles.bigAvatar} aria-hidden="true">
                {info.user_portrait ? <img src={picUrl(info.user_portrait)} alt="" /> : <UserIcon size={36} />}
              </span>
              <strong className={styles.name} data-testid="friend-name">
                {info.user_nick_name}
              </strong>
              <span className={styles.badge}>{groupDisplayName(info, t)}</span>
              <div className={styles.counts}>
                <div className={styles.count}>
                  <strong data-testid="friend-attent">{info.attent}</strong>
                  <span>{t('social.attention')}</span>
                </div>
                <div className={styles.count}>
                  <strong data-testid="friend-fan">{info.fan}</strong>
                  <span>{t('social.fans')}</span>
                </div>
              </div>
              {region && (
                <Link
                  className={styles.region}
                  data-testid="friend-region"
                  to={`${socialPaths.openLocation}?${new URLSearchParams({
                    latitude: String(region.latitude),
                    longitude: String(region.longitude),
                    name: region.name,
                    address: region.address,
                  }).toString()}`}
                >
                  <PinIcon size={16} />
                  <span>{region.name || region.address}</span>
                </Link>
              )}
              {!info.is_self && <FollowButton userId={info.user_id} following={info.is_follow} />}
            </section>
            {commentsSlot?.(info.user_id)}
          </>
        ))}
    </div>
  );
}
