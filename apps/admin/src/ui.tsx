/** Small shared UI pieces of the console. */
import { Spin } from 'antd';

export function PageSpin() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
      <Spin size="large" />
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO 8601 time as local `YYYY-MM-DD HH:mm`. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Grey poster placeholder for titles without (or with a broken) picture. */
export const POSTER_FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="56" viewBox="0 0 40 56"><rect width="40" height="56" fill="#f0f0f0"/><path d="M15 21v14l12-7z" fill="#bfbfbf"/></svg>',
  );
