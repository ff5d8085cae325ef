/**
 * The device line the feedback form fills in (spec §2 me/feed-back: "the app version and device filled in
 * automatically"): platform and browser as the browser reports them, at most 128 characters.
 */

interface UaData {
  platform?: string;
  mobile?: boolean;
  brands?: { brand: string; version: string }[];
}

/** A short description of this device from `navigator` (User-Agent Client Hints when there, else the UA string). */
export function describeDevice(nav: Pick<Navigator, 'userAgent'> & { userAgentData?: UaData } = navigator): string {
  const data = nav.userAgentData;
  if (data?.platform) {
    const brand =
      data.brands?.find((b) => !/not.?a.?brand/i.test(b.brand) && b.brand !== 'Chromium') ?? data.brands?.[0];
    const parts = [data.platform, data.mobile ? 'mobile' : '', brand ? `${brand.brand} ${brand.version}` : ''];
    return parts.filter(Boolean).join(' · ').slice(0, 128);
  }
  const ua = nav.userAgent ?? '';
  const os = /\(([^)]+)\)/.exec(ua)?.[1] ?? '';
  return (os || ua).slice(0, 128);
}
