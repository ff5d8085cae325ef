import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { type OverlayActions, PlayerOverlay, type PlayerOverlayProps } from './PlayerOverlay';

beforeAll(() => initI18n('en-us'));
afterEach(cleanup);

function overlay(over: Partial<PlayerOverlayProps> = {}) {
  const on: OverlayActions = {
    toggle: vi.fn(),
    seek: vi.fn(),
    scrub: vi.fn(),
    back: vi.fn(),
    openPanel: vi.fn(),
    closePanel: vi.fn(),
    selectEpisode: vi.fn(),
    fullscreen: vi.fn(),
    lock: vi.fn(),
    screenshot: vi.fn(),
    speed: vi.fn(),
    agreeMobileData: vi.fn(),
    retry: vi.fn(),
    unmute: vi.fn(),
  };
  const props: PlayerOverlayProps = {
    boxRef: { current: null },
    slotRef: { current: null },
    status: 'ready',
    fullscreen: 'none',
    rotated: false,
    locked: false,
    controls: true,
    loading: false,
    holding: false,
    title: 'Nine',
    clock: false,
    mask: { dark: 0, light: 0 },
    gestures: {
      video: null,
      rotated: false,
      locked: false,
      duration: 100,
      onTap: vi.fn(),
      onDoubleTap: vi.fn(),
      onPopup: vi.fn(),
      onSeek: vi.fn(),
    },
    popup: null,
    alert: null,
    paused: true,
    time: 30,
    duration: 100,
    panel: 'none',
    panelLayout: 'side',
    sheetTop: 0,
    mutedByPolicy: false,
    on,
    ...over,
  };
  render(<PlayerOverlay {...props} />);
  return on;
}

describe('PlayerOverlay', () => {
  it('draws the bars, the centre button and the lock from its props, and passes the taps on', () => {
    const on = overlay({ episodes: { list: [], current: 1 } });
    expect(screen.getByTestId('player').dataset.controls).toBe('true');
    expect(screen.getByTestId('player-time').textContent).toBe('0:30');
    act(() => screen.getByTestId('player-centre').click());
    expect(on.toggle).toHaveBeenCalledTimes(1);
    act(() => screen.getByTestId('player-episodes').click());
    expect(on.openPanel).toHaveBeenCalledWith('episodes');
    act(() => screen.getByTestId('player-lock').click());
    expect(on.lock).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('player-mini-progress')).toBeNull();
  });

  it('hidden controls leave the mini progress bar; locked, only the lock', () => {
    overlay({ controls: false });
    expect(screen.queryByTestId('player-title-bar')).toBeNull();
    expect(screen.getByTestId('player-mini-progress')).toBeTruthy();
    cleanup();
    overlay({ controls: false, locked: true });
    expect(screen.getByTestId('player-lock').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('player-mini-progress')).toBeNull();
  });

  it('shows the mobile-data notice, "Play failed" with a retry, the unmute button and the hold cover', () => {
    let on = overlay({ status: 'notice', controls: false });
    act(() => screen.getByTestId('player-cellular-play').click());
    expect(on.agreeMobileData).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('player-gestures')).toBeNull();
    cleanup();
    on = overlay({ status: 'error' });
    act(() => screen.getByText('Retry').click());
    expect(on.retry).toHaveBeenCalledTimes(1);
    cleanup();
    on = overlay({ mutedByPolicy: true });
    act(() => screen.getByText('Tap to unmute').click());
    expect(on.unmute).toHaveBeenCalledTimes(1);
    cleanup();
    overlay({ holding: true, hold: <div>Ad 5</div>, loading: true });
    expect(screen.getByTestId('player-hold').textContent).toBe('Ad 5');
    expect(screen.queryByTestId('player-loading')).toBeNull();
    expect(screen.queryByTestId('player-centre')).toBeNull();
  });

  it('shows the pop-up, the alert and the loading indicator', () => {
    overlay({ popup: { kind: 'volume', text: 'Volume 30%' }, alert: 'Saved', loading: true });
    expect(screen.getByTestId('player-popup-volume').textContent).toBe('Volume 30%');
    expect(screen.getByTestId('player-alert').textContent).toBe('Saved');
    expect(screen.getByTestId('player-loading')).toBeTruthy();
  });
});
