import { guestCredentials } from '@openvod/contract';
import { useMemo } from 'react';
import { DeletionNotice } from '../../features/account/DeletionNotice';
import { maskPhone } from '../../features/account/phone';
import MePage from '../../features/me/MePage';
import { LANGUAGE_NAMES } from '../../features/settings/languages';
import { FriendCounts, ScanButton } from '../../features/social';
import { isGuestUser, useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';
import { useEffectiveLocale } from '../useEffectiveLocale';

export default function MeRoute() {
  const user = useSession((s) => s.user);
  const guestName = useMemo(() => guestCredentials(getDeviceId()).user_name, []);
  return (
    <MePage
      languageName={LANGUAGE_NAMES[useEffectiveLocale()]}
      isGuest={isGuestUser(user, guestName)}
      accountNotice={<DeletionNotice />}
      maskPhone={maskPhone}
      deviceGuestName={guestName}
      socialSlot={user && !isGuestUser(user, guestName) ? <FriendCounts userId={user.user_id} /> : undefined}
      headerRight={<ScanButton />}
    />
  );
}
