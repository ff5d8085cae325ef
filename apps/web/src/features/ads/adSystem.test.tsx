/**
 * The ad system's pure parts (issue 7 item 4): script ads only from the server's frame in a sandbox without
 * same-origin, Google units only from a well-formed id, where a tap leads (web/index only for http(s)), the slot
 * switch, the in-app web page's address and sandbox, and where the splash returns to.
 */
import { slotOn } from '@openvod/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isLandscape, webDrawable } from './AdCreative';
import { adTarget } from './adsApi';
import { splashExit } from './GuidePage';
import { AD_SANDBOX, adFrameUrl, googleUnitValid, ScriptAdFrame } from './ScriptAdFrame';
import { webPageSandbox, webPageUrl } from './WebPage';

afterEach(cleanup);

describe('script ads', () => {
  it("render the server's frame document in an iframe whose sandbox allows scripts but never same-origin", () => {
    render(<ScriptAdFrame adId={42} title="ad" />);
    const frame = screen.getByTestId('script-ad-frame') as HTMLIFrameElement;
    const sandbox = frame.getAttribute('sandbox') ?? '';
    expect(sandbox.split(' ')).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');
    expect(frame.getAttribute('src')).toBe('/api/ads/42/frame');
    expect(frame.getAttribute('srcdoc')).toBeNull();
    expect(AD_SANDBOX).not.toContain('same-origin');
    expect(adFrameUrl(7)).toBe('/api/ads/7/frame');
  });

  it('takes a Google unit only as "ca-pub-<digits>/<digits>"', () => {
    expect(googleUnitValid('ca-pub-1234567890/987654')).toBe(true);
    expect(googleUnitValid('ca-pub-123456"><script>alert(1)</script>/1234')).toBe(false);
    expect(googleUnitValid('')).toBe(false);
  });

  it('webDrawable: what the web can draw of each ad_type', () => {
    const base = { ad_pic_url: '', ad_video_url: '', ad_google_id: '' };
    expect(webDrawable({ ...base, ad_type: 1, ad_pic_url: '/a.png' })).toBe(true);
    expect(webDrawable({ ...base, ad_type: 1 })).toBe(false);
    expect(webDrawable({ ...base, ad_type: 2, ad_video_url: 'https://x/a.mp4' })).toBe(true);
    expect(webDrawable({ ...base, ad_type: 3 })).toBe(true);
    expect(webDrawable({ ...base, ad_type: 0, ad_google_id: 'ca-pub-1234567/1234' })).toBe(true);
    expect(webDrawable({ ...base, ad_type: 0, ad_google_id: 'x' })).toBe(false);
    expect(webDrawable({ ...base, ad_type: 4, ad_pic_url: '/a.png' })).toBe(false);
  });
});

describe('taps and pages', () => {
  it('opens http(s) landing pages in web/index, app paths in the app, nothing else', () => {
    expect(adTarget({ ad_url: 'https://example.com/a?b=1' })).toEqual({
      route: `/pages/web/index?url=${encodeURIComponent('https://example.com/a?b=1')}`,
    });
    expect(adTarget({ ad_url: '/pages/me/plog/buy-center' })).toEqual({ route: '/pages/me/plog/buy-center' });
    expect(adTarget({ ad_url: 'javascript:alert(1)' })).toBeUndefined();
    expect(adTarget({ ad_url: '' })).toBeUndefined();
  });

  it('reads the slot switch as the server does', () => {
    const cfg = (list: unknown[]) => ({ list, showGoogle: false, showVipAd: false });
    expect(slotOn(cfg([1]), 1)).toBe(true);
    expect(slotOn(cfg(['2']), 2)).toBe(true);
    expect(slotOn(cfg([{ ad_local_type: 16, ad_status: 0 }]), 16)).toBe(false);
    expect(slotOn(cfg([]), 1)).toBe(false);
  });

  it('web/index shows only absolute http(s) addresses, and never gives the app origin to the frame', () => {
    expect(webPageUrl('https://example.com/x')?.hostname).toBe('example.com');
    expect(webPageUrl('javascript:alert(1)')).toBeUndefined();
    expect(webPageUrl('data:text/html,<script>1</script>')).toBeUndefined();
    expect(webPageUrl('/pages/me/index')).toBeUndefined();
    expect(webPageUrl(null)).toBeUndefined();
    const own = new URL('http://app.test/api/user');
    expect(webPageSandbox(own, 'http://app.test')).not.toContain('allow-same-origin');
    expect(webPageSandbox(new URL('https://example.com/'), 'http://app.test')).toContain('allow-same-origin');
  });

  it('the splash shows a landscape creative whole (contain) and fills the screen with a portrait one', () => {
    const img = (w: number, h: number) => {
      const el = document.createElement('img');
      Object.defineProperty(el, 'naturalWidth', { value: w });
      Object.defineProperty(el, 'naturalHeight', { value: h });
      return el;
    };
    expect(isLandscape(img(1280, 720))).toBe(true);
    expect(isLandscape(img(720, 1280))).toBe(false);
    expect(isLandscape(img(100, 102))).toBe(false);
    expect(isLandscape(img(0, 0))).toBe(false);
  });

  it('the splash returns to app paths only', () => {
    expect(splashExit('/pages/me/index')).toBe('/pages/me/index');
    expect(splashExit('/pages/detail/mov-detail?id=3')).toBe('/pages/detail/mov-detail?id=3');
    expect(splashExit('https://evil.example/')).toBe('/pages/layout/index');
    expect(splashExit('/pages/common/guide-page?redirect=x')).toBe('/pages/layout/index');
    expect(splashExit(null)).toBe('/pages/layout/index');
  });
});
