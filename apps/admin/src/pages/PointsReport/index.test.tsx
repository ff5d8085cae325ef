/**
 * The points report against a fake server at `fetch`, and with it the reports' shared day range (dayRange.tsx): the
 * first read asks for the server's default range and the picker shows the days the server answered for; days typed
 * into the picker are asked for as `from` and `to`.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serve } from '../../testing.tsx';
import PointsReportPage from './index.tsx';

const report = (from: string, to: string) => ({
  from,
  to,
  issued: 120,
  spent: 40,
  outstanding: 900,
  by_type: [{ plog_type: 20, issued: 120, spent: 0 }],
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('points report', () => {
  it("shows the server's default days, then asks for the days the operator picks", async () => {
    const requests = serve([
      {
        method: 'GET',
        path: '/api/admin/points/report',
        reply: (req) => report(req.query.get('from') ?? '2026-10-30', req.query.get('to') ?? '2026-11-28'),
      },
    ]);
    renderPage(<PointsReportPage />);
    await waitFor(() => expect(screen.getByTestId('report-issued').getAttribute('data-value')).toBe('120'));
    expect(requests[0]?.query.has('from')).toBe(false);
    expect(requests[0]?.query.has('to')).toBe(false);
    const [start, end] = screen.getAllByRole('textbox') as HTMLInputElement[];
    await waitFor(() => expect(start?.value).toBe('2026-10-30'));
    expect(end?.value).toBe('2026-11-28');

    fireEvent.mouseDown(start as HTMLInputElement);
    fireEvent.focus(start as HTMLInputElement);
    fireEvent.change(start as HTMLInputElement, { target: { value: '2026-11-01' } });
    fireEvent.keyDown(start as HTMLInputElement, { key: 'Enter', code: 'Enter' });
    fireEvent.focus(end as HTMLInputElement);
    fireEvent.change(end as HTMLInputElement, { target: { value: '2026-11-05' } });
    fireEvent.keyDown(end as HTMLInputElement, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(requests.some((r) => r.query.get('from') === '2026-11-01' && r.query.get('to') === '2026-11-05')).toBe(
        true,
      ),
    );
  });
});
