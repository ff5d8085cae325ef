/**
 * adminListJobs (jobs.routes.ts): console only; lists every module's job with its schedule, never run before the
 * jobs start; once the app runs its jobs (ROLE all or worker) a run's time and state appear.
 */
import type { AdminJobsResponse } from '@openvod/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('adminListJobs', () => {
  it('needs a console session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs' });
    expect(res.statusCode).toBe(401);
  });

  it("lists the modules' schedules, then their runs once the jobs run", async () => {
    const headers = await t.adminHeaders();
    const list = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers });
      expect(res.statusCode).toBe(200);
      return res.json() as AdminJobsResponse;
    };
    const before = await list();
    expect(before.code).toBe(1);
    expect(before.runs_here).toBe(false);
    expect(before.list.map((j) => [j.name, j.cron, j.tz, j.daily_at])).toEqual([
      ['content.hits-reset', '* * * * *', 'Asia/Shanghai', '00:00'],
      ['accounts.deletions-and-vip-expiry', '0 * * * *', 'Asia/Shanghai', null],
      // The look is every minute; the check itself once a night (LEDGER_CHECK_AT, default 03:30).
      ['ledger.nightly-check', '* * * * *', 'Asia/Shanghai', '03:30'],
      ['billing.order-expiry', '* * * * *', 'Asia/Shanghai', null],
      ['cast.cache-cleanup', '0 * * * *', 'Asia/Shanghai', null],
      ['cash.payout', '* * * * *', 'Asia/Shanghai', null],
      ['promotion.release', '*/2 * * * *', 'Asia/Shanghai', null],
      ['promotion.signals', '10 4 * * *', 'Asia/Shanghai', null],
    ]);
    expect(before.list.every((j) => j.last_run_at === null && j.last_state === null)).toBe(true);

    await t.app.jobs.start({ work: true });
    await vi.waitFor(
      async () => {
        const after = await list();
        expect(after.runs_here).toBe(true);
        const accounts = after.list.find((j) => j.name === 'accounts.deletions-and-vip-expiry');
        expect(accounts?.last_state).toBe('completed');
        expect(Date.parse(accounts?.last_run_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});
