/**
 * /choose-location (spec §2 System; uni.chooseLocation): a map of the operator's tiles centred on the device's
 * position (navigator.geolocation; a clear notice when it is denied or unavailable) or on the point the asking page
 * passed, a search box (placeSearch) with its results, a tap on the map looks up the place there (placeReverse),
 * and "confirm" delivers `{name, address, latitude, longitude}` to the asking page under its request key and goes
 * back (lib/chooseLocation.ts describes the hand-over).
 */
import type { Place } from '@openvod/contract';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deliverLocation } from '../../lib/chooseLocation';
import { useBack } from '../../lib/navigation';
import { LocateIcon, PinIcon, SearchIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage, LoadingView, queryStateView } from '../../ui/StateViews';
import type { LatLng } from './LocationMap';
import styles from './location.module.css';
import { useMapConfig, usePlaceSearch, useReverse } from './queries';

const LocationMap = lazy(() => import('./LocationMap'));

/** Where the map starts before a position is known (the whole world). */
const WORLD: LatLng = { lat: 20, lng: 0 };
const PLACE_ZOOM = 16;

type Locating = 'idle' | 'locating' | 'found' | 'denied' | 'unavailable';

function parsePoint(lat: string | null, lng: string | null): LatLng | null {
  if (lat === null || lng === null) return null;
  const p = { lat: Number(lat), lng: Number(lng) };
  if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng) || Math.abs(p.lat) > 90 || Math.abs(p.lng) > 180) {
    return null;
  }
  return p;
}

/** A point with no known place: its coordinates stand as its name. */
function pointPlace(p: LatLng): Place {
  return { name: `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`, address: '', latitude: p.lat, longitude: p.lng };
}

function PlaceRow({ place, selected, onPick }: { place: Place; selected: boolean; onPick: () => void }) {
  return (
    <li>
      <button
        type="button"
        className={styles.item}
        aria-pressed={selected}
        onClick={onPick}
        data-testid="location-result"
      >
        <PinIcon size={20} className={styles.itemIcon} />
        <span className={styles.itemText}>
          <span className={styles.itemName}>{place.name}</span>
          {place.address && <span className={styles.itemAddress}>{place.address}</span>}
        </span>
      </button>
    </li>
  );
}

export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const goBack = useBack();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const start = useMemo(() => parsePoint(params.get('latitude'), params.get('longitude')), [params]);
  const config = useMapConfig();
  const [center, setCenter] = useState<LatLng>(start ?? WORLD);
  const [zoom, setZoom] = useState(start ? PLACE_ZOOM : 2);
  const [locating, setLocating] = useState<Locating>('idle');
  // The point whose place is looked up (a tap, the position found) and the place chosen.
  const [point, setPoint] = useState<LatLng | null>(null);
  const [selected, setSelected] = useState<Place | null>(null);
  const [term, setTerm] = useState('');
  const [submitted, setSubmitted] = useState('');
  const search = usePlaceSearch(submitted);
  const reverse = useReverse(point);

  const locate = useCallback(() => {
    const geo = globalThis.navigator?.geolocation;
    if (!geo) {
      setLocating('unavailable');
      return;
    }
    setLocating('locating');
    geo.getCurrentPosition(
      (pos) => {
        const here = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setLocating('found');
        setCenter(here);
        setZoom(PLACE_ZOOM);
        setPoint(here);
      },
      (err) => setLocating(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);

  // Centred on the device's position unless the asking page gave a point.
  useEffect(() => {
    if (!start) locate();
  }, [start, locate]);

  // The place at the looked-up point becomes the choice (the point's own coordinates when the geocoder knows none).
  useEffect(() => {
    if (!point || reverse.isFetching) return;
    if (reverse.isSuccess) {
      const found = reverse.data;
      setSelected(found ? { ...found, latitude: point.lat, longitude: point.lng } : pointPlace(point));
    } else if (reverse.isError) setSelected(pointPlace(point));
  }, [point, reverse.isFetching, reverse.isSuccess, reverse.isError, reverse.data]);

  function onSearch(e: FormEvent) {
    e.preventDefault();
    setSubmitted(term.trim());
  }

  function pickResult(place: Place) {
    setPoint(null);
    setSelected(place);
    setCenter({ lat: place.latitude, lng: place.longitude });
    setZoom(PLACE_ZOOM);
  }

  function confirm() {
    if (!selected) return;
    deliverLocation(key, selected);
    goBack();
  }

  const marker = selected ? { lat: selected.latitude, lng: selected.longitude } : point;
  const notice =
    locating === 'denied'
      ? t('location.denied')
      : locating === 'unavailable'
        ? t('location.unavailable')
        : locating === 'locating'
          ? t('location.locating')
          : null;
  const results = submitted ? search.data : undefined;
  const lookingUp = point !== null && reverse.isFetching;

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.chooseLocation')} />
      <form className={styles.searchForm} onSubmit={onSearch} aria-label={t('location.search')}>
        <input
          className={styles.searchInput}
          type="search"
          enterKeyHint="search"
          maxLength={200}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t('location.searchPlaceholder')}
          aria-label={t('location.searchPlaceholder')}
          data-testid="location-search"
        />
        <button type="submit" className={`${styles.primary} ${styles.searchButton}`} data-testid="location-search-go">
          <SearchIcon size={18} />
          {t('location.search')}
        </button>
      </form>
      {queryStateView([config]) ?? (
        <div className={styles.map}>
          <Suspense fallback={<LoadingView />}>
            {config.data && (
              <LocationMap
                config={config.data}
                center={center}
                zoom={zoom}
                marker={marker}
                onTap={(p) => setPoint(p)}
                label={t('location.mapLabel')}
              />
            )}
          </Suspense>
          <button
            type="button"
            className={styles.locate}
            onClick={locate}
            aria-label={t('location.myPosition')}
            data-testid="location-locate"
          >
            <LocateIcon size={22} />
          </button>
        </div>
      )}
      {notice && (
        <p className={styles.notice} role="status" data-testid="location-notice">
          {notice}
        </p>
      )}
      {submitted && search.isPending && <p className={styles.notice}>{t('location.searching')}</p>}
      {submitted && search.isError && (
        <p className={styles.notice} role="alert">
          {errorMessage(search.error) ?? t('common.loadingFailed')}
        </p>
      )}
      {results && results.length === 0 && (
        <p className={styles.notice} data-testid="location-no-results">
          {t('location.noResults')}
        </p>
      )}
      {lookingUp && <p className={styles.notice}>{t('location.lookingUp')}</p>}
      {reverse.isError && point && (
        <p className={styles.notice} role="alert">
          {errorMessage(reverse.error) ?? t('common.loadingFailed')}
        </p>
      )}
      {(selected || results?.length) && (
        <ul className={styles.list} aria-label={t('location.results')}>
          {selected &&
            !results?.some((r) => r.latitude === selected.latitude && r.longitude === selected.longitude) && (
              <PlaceRow place={selected} selected onPick={() => undefined} />
            )}
          {results?.map((place) => (
            <PlaceRow
              key={`${place.latitude},${place.longitude},${place.name}`}
              place={place}
              selected={selected?.latitude === place.latitude && selected.longitude === place.longitude}
              onPick={() => pickResult(place)}
            />
          ))}
        </ul>
      )}
      {!selected && !results?.length && !notice && <p className={styles.notice}>{t('location.tapHint')}</p>}
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.primary}
          disabled={!selected || lookingUp}
          onClick={confirm}
          data-testid="location-confirm"
        >
          {t('location.confirm')}
        </button>
      </div>
    </div>
  );
}
