import { DeletionNotice } from '../../features/account/DeletionNotice';
import { useIsGuest } from '../../features/account/guestIdentity';
import { HOME_CACHE_KEY } from '../../features/catalogue/homeCache';
import SettingsPage from '../../features/settings/SettingsPage';
import { removeKey } from '../../lib/storage';
import { signInDeviceGuest } from '../Launch';

const clearCaches = () => removeKey(HOME_CACHE_KEY);

export default function SettingsRoute() {
  return (
    <SettingsPage
      onClearCache={clearCaches}
      accountNotice={<DeletionNotice />}
      isGuest={useIsGuest()}
      onLoggedOut={signInDeviceGuest}
    />
  );
}
