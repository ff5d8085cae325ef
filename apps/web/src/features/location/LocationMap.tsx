/**
 * A Leaflet map (react-leaflet) of the operator's tiles (getMapConfig) with one marker: the map of the location
 * pages. Loaded only with those pages (their chunks import it; Leaflet stays out of the home route).
 *
 * The marker is a CSS pin (a divIcon), not Leaflet's default PNG icon, whose address Leaflet guesses from its CSS
 * and which a bundler moves. The operator's attribution is shown as text (escaped: Leaflet writes it as HTML).
 */
import 'leaflet/dist/leaflet.css';
import type { MapConfig } from '@openvod/contract';
import L from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import styles from './location.module.css';

export interface LatLng {
  lat: number;
  lng: number;
}

const pin = L.divIcon({
  className: styles.pinIcon,
  html: `<span class="${styles.pin}"></span>`,
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Keeps the view on `center` when it changes (a search result picked, the position found). */
function FollowCenter({ center, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([center.lat, center.lng], Math.max(map.getZoom(), zoom));
  }, [map, center.lat, center.lng, zoom]);
  return null;
}

function TapHandler({ onTap }: { onTap: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onTap({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

export interface LocationMapProps {
  config: MapConfig;
  center: LatLng;
  zoom: number;
  marker: LatLng | null;
  /** A tap on the map (choose-location: the place there is looked up). */
  onTap?: (p: LatLng) => void;
  label: string;
}

export default function LocationMap({ config, center, zoom, marker, onTap, label }: LocationMapProps) {
  return (
    <div className={styles.mapFill} data-testid="location-map" role="application" aria-label={label}>
      <MapContainer center={[center.lat, center.lng]} zoom={zoom} className={styles.mapInner} zoomControl>
        <TileLayer url={config.tile_url} attribution={escapeHtml(config.attribution)} />
        <FollowCenter center={center} zoom={zoom} />
        {onTap && <TapHandler onTap={onTap} />}
        {marker && <Marker position={[marker.lat, marker.lng]} icon={pin} keyboard={false} />}
      </MapContainer>
    </div>
  );
}
