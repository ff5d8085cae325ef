/**
 * /open-location?latitude=&longitude=&name=&address= (spec §2 System; uni.openLocation): the place on a map of the
 * operator's tiles with a marker, its name and address, and "open in map app" (mapLinks.ts: `geo:` on Android,
 * Apple Maps on iOS, OpenStreetMap elsewhere). Coordinates out of range show an error with the way back.
 */
import type { Place } from '@openvod/contract';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PinIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView, LoadingView, queryStateView } from '../../ui/StateViews';
import styles from './location.module.css';
import { mapAppUrl, mapPlatform } from './mapLinks';
import { useMapConfig } from './queries';

const LocationMap = lazy(() => import('./LocationMap'));

/** The place the address names, or null when its coordinates are missing or out of range. */
export function placeFromParams(params: URLSearchParams): Place | null {
  const lat = Number(params.get('latitude') ?? Number.NaN);
  const lng = Number(params.get('longitude') ?? Number.NaN);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return {
    name: (params.get('name') ?? '').slice(0, 200),
    address: (params.get('address') ?? '').slice(0, 500),
    latitude: lat,
    longitude: lng,
  };
}

export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const place = useMemo(() => placeFromParams(params), [params]);
  const config = useMapConfig();

  if (!place) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('pages.openLocation')} />
        <ErrorView message={t('location.invalidPlace')} />
      </div>
    );
  }
  const point = { lat: place.latitude, lng: place.longitude };
  const platform = mapPlatform();
  const external = platform !== 'android';

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.openLocation')} />
      {queryStateView([config]) ?? (
        <div className={styles.map}>
          <Suspense fallback={<LoadingView />}>
            {config.data && (
              <LocationMap
                config={config.data}
                center={point}
                zoom={16}
                marker={point}
                label={t('location.mapLabel')}
              />
            )}
          </Suspense>
        </div>
      )}
      <section className={styles.place} data-testid="open-location-place">
        <h2 className={styles.placeName}>{place.name || t('location.unnamed')}</h2>
        {place.address && <p className={styles.placeAddress}>{place.address}</p>}
        <p className={styles.coords}>
          {place.latitude.toFixed(5)}, {place.longitude.toFixed(5)}
        </p>
      </section>
      <div className={styles.bar}>
        <a
          className={styles.primary}
          href={mapAppUrl(place, platform)}
          target={external ? '_blank' : undefined}
          rel={external ? 'noopener noreferrer' : undefined}
          data-testid="open-location-app"
        >
          <PinIcon size={18} />
          {t('location.openInMapApp')}
        </a>
      </div>
    </div>
  );
}
