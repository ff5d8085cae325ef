/** The console's jobs operation (the server's background jobs: schedule, last run, last error). */
import type { Endpoint } from '../endpoint-type.ts';
import * as J from '../jobs.ts';

export const jobsEndpoints = {
  adminListJobs: {
    method: 'GET',
    path: '/api/admin/jobs',
    response: J.AdminJobsResponse,
    auth: 'admin',
    summary: "The server's background jobs: schedule, time and state of the last run, last error",
  },
} as const satisfies Record<string, Endpoint>;
