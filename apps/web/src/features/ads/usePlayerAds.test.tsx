/**
 * The player slot's pre-roll (issue 7): shown once per title opened, and not at all for a title unlocked by a
 * rewarded ad a moment ago (prerollWaiver.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { PREROLL_WAIVER_MS, prerollWaived, waivePreroll } from './prerollWaiver';
import { testAd } from './testAd';

const fetchAds = vi.hoisted(() => vi.fn());
vi.mock('./adsApi', async (importOriginal) => ({ ...(await importOriginal<object>()), fetchAds }));
const { usePlayerAds } = await import('./usePlayerAds');

const preroll = testAd({ ad_id: 7, ad_name: 'Pre-roll' });

function render(vodId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePlayerAds(vodId), { wrapper });
}

beforeAll(async () => {
  await initI18n('en-us');
});
afterEach(cleanup);

describe('usePlayerAds pre-roll', () => {
  it('holds the episode for the pre-roll of a title', async () => {
    fetchAds.mockReset().mockResolvedValue([preroll]);
    const { result } = render(101);
    await waitFor(() => expect(fetchAds).toHaveBeenCalled());
    await waitFor(() => expect(result.current.hold).toBeTruthy());
    expect((result.current.hold as { key?: string }).key).toBe('101-7');
  });

  it('shows no pre-roll for a title just unlocked by a rewarded ad', async () => {
    fetchAds.mockReset().mockResolvedValue([preroll]);
    waivePreroll(102);
    const { result } = render(102);
    await waitFor(() => expect(fetchAds).toHaveBeenCalled());
    await waitFor(() => expect(result.current.hold).toBeUndefined());
  });

  it('the waiver ends after its time', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    waivePreroll(103, now);
    expect(prerollWaived(103, now + PREROLL_WAIVER_MS - 1)).toBe(true);
    expect(prerollWaived(103, now + PREROLL_WAIVER_MS)).toBe(false);
    expect(prerollWaived(104, now)).toBe(false);
  });
});
