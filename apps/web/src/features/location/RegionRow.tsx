/**
 * The "Region" rows of the personal centre (spec §2 Me, profile: personal-center): the saved region's name (or "not
 * set"); a tap opens /choose-location (request key `region`, centred on the saved region), and the place picked
 * there is saved on return (saveRegion through useMutation) and shown. With a region saved, a second row opens it
 * on the map (/open-location). Rendered inside the page's list: `rowClass`, `labelClass`, `valueClass` and
 * `chevronClass` are the page's row styles.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { chooseLocationPath, openLocationPath, useLocationResult } from '../../lib/chooseLocation';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { ChevronRightIcon } from '../../ui/icons';
import { errorMessage } from '../../ui/StateViews';
import { useSaveRegion } from './queries';

export const REGION_REQUEST = 'region';

interface RowClasses {
  rowClass?: string;
  labelClass?: string;
  valueClass?: string;
  chevronClass?: string;
}

export function RegionRow({ rowClass, labelClass, valueClass, chevronClass }: RowClasses) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const region = useSession((s) => s.user?.region ?? null);
  const save = useSaveRegion();

  useLocationResult(REGION_REQUEST, (place) => {
    save.mutate(place, {
      onSuccess: () => toast(t('location.regionSaved'), 'success'),
      onError: (err) => toast(errorMessage(err) ?? t('common.loadingFailed'), 'fail'),
    });
  });

  return (
    <>
      <button
        type="button"
        className={rowClass}
        disabled={save.isPending}
        onClick={() => navigate(chooseLocationPath(REGION_REQUEST, region))}
        data-testid="profile-region"
      >
        <span className={labelClass}>{t('location.region')}</span>
        <span className={valueClass}>{region?.name || t('profile.notSet')}</span>
        <ChevronRightIcon size={16} className={chevronClass} />
      </button>
      {region && (
        <Link to={openLocationPath(region)} className={rowClass} data-testid="profile-region-map">
          <span className={labelClass}>{t('location.viewOnMap')}</span>
          <span className={valueClass}>{region.address}</span>
          <ChevronRightIcon size={16} className={chevronClass} />
        </Link>
      )}
    </>
  );
}
