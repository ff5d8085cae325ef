/**
 * Where a page places a banner-type ad slot (the banner slot of the main tabs, the title page's slot 16). Small on
 * purpose: nothing but a config check runs until the app config switches the slot on for a viewer who is not VIP or
 * ad-free; only then is the banner's code loaded.
 */
import { slotOn } from '@openvod/contract';
import { lazy, Suspense } from 'react';
import { useAppConfig } from '../../lib/appConfig';
import { useSession } from '../../lib/session';
import { adFreeUser } from './adsApi';

const AdBanner = lazy(() => import('./AdBanner'));

/** `dock`: the banner sits above the tab bar (fixed); the layout reads its height from `--ov-ad-dock-h`. */
export function AdSlot({ slot, dock = false }: { slot: number; dock?: boolean }) {
  const config = useAppConfig();
  const user = useSession((s) => s.user);
  if (!slotOn(config.ads, slot) || adFreeUser(user)) return null;
  return (
    <Suspense fallback={null}>
      <AdBanner slot={slot} dock={dock} />
    </Suspense>
  );
}
