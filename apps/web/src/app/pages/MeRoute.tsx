import { guestCredentials, LANGUAGE_NAMES } from '@openvod/contract';
import { useMemo } from 'react';
import { DeletionNotice } from '../../features/account/DeletionNotice';
import { maskPhone } from '../../features/account/phone';
import { useCommentUserCount } from '../../features/comments';
import { activeTaskCount, useDownloadManager, useDownloadTasks } from '../../features/downloads';
import { GBOOK_PATHS, useGbookUnread } from '../../features/gbook';
import MePage from '../../features/me/MePage';
import { FriendCounts, ScanButton } from '../../features/social';
import { paths } from '../../lib/routes';
import { isGuestUser, useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';
import { useDownloadsEngine } from '../downloads';
import { useEffectiveLocale } from '../useEffectiveLocale';

export default function MeRoute() {
  const user = useSession((s) => s.user);
  const guestName = useMemo(() => guestCredentials(getDeviceId()).user_name, []);
  // Requests resolved and feedback replied since the member last looked (modules/gbook).
  const unread = useGbookUnread().data;
  // Spec §4: after the session check the comment counts load (the review centre's unread badge).
  const commentCounts = useCommentUserCount();
  // Issue 17: the offline cache shortcut's badge counts the downloads still running.
  useDownloadsEngine();
  const downloading = activeTaskCount(useDownloadTasks(useDownloadManager()));
  return (
    <MePage
      languageName={LANGUAGE_NAMES[useEffectiveLocale()]}
      isGuest={isGuestUser(user, guestName)}
      accountNotice={<DeletionNotice />}
      maskPhone={maskPhone}
      deviceGuestName={guestName}
      badges={{
        [GBOOK_PATHS.community]: unread?.request ?? 0,
        [GBOOK_PATHS.feedback]: unread?.feedback ?? 0,
        [paths.download]: downloading,
      }}
      commentUnread={commentCounts.data?.unread ?? 0}
      socialSlot={user && !isGuestUser(user, guestName) ? <FriendCounts userId={user.user_id} /> : undefined}
      headerRight={<ScanButton />}
    />
  );
}
