/**
 * The points operations of the endpoint table (spec/calls.md "points" rows: plogList, setPlog, getTask,
 * setDuration, durationList, exchangeNumber; issue 7 items 5 and 6) plus the exchange prices and the console's
 * task rewards, free quotas and points report.
 */
import { IdParams } from '../content.ts';
import type { Endpoint } from '../endpoint-type.ts';
import * as P from '../points.ts';

export const pointsEndpoints = {
  plogList: {
    method: 'GET',
    path: '/api/points/log',
    query: P.PointsPageQuery,
    response: P.PlogListResponse,
    auth: 'user',
    summary: 'Points log of the signed-in user, newest first (signed amounts, balance after each)',
  },
  setPlog: {
    method: 'GET',
    path: '/api/points/plog',
    query: P.SetPlogQuery,
    response: P.SetPlogResponse,
    auth: 'user',
    summary:
      'Record a reward event: type 10 daily check-in (once per operator day), 13 ad click, 21 share (each capped ' +
      'per day by the task config); other task types are awarded by the server (23 by createQrcode)',
  },
  getTask: {
    method: 'GET',
    path: '/api/points/task',
    response: P.GetTaskResponse,
    auth: 'user',
    summary: "Task config and today's progress, bind-phone reward, today's free view/download totals and uses",
  },
  setDuration: {
    method: 'GET',
    path: '/api/points/duration',
    query: P.SetDurationQuery,
    response: P.SetDurationResponse,
    auth: 'user',
    summary:
      'Report seconds watched since the last report (at most 120 count, and no more than the wall time since the ' +
      "last report); pays each duration task once a day when today's total reaches its minutes x 60",
  },
  durationList: {
    method: 'GET',
    path: '/api/points/duration/list',
    query: P.PointsPageQuery,
    response: P.DurationListResponse,
    auth: 'user',
    summary: 'Watch-duration log: seconds watched per operator day, newest first',
  },
  exchangeNumber: {
    method: 'POST',
    path: '/api/points/exchange',
    body: P.ExchangeBody,
    response: P.ExchangeResponse,
    auth: 'user',
    summary:
      'Exchange points for view or download times or VIP days of a group (type and count required); one ' +
      'transaction; idempotent by `key` or the Idempotency-Key header',
  },
  exchangeRates: {
    method: 'GET',
    path: '/api/points/exchange/rates',
    response: P.ExchangeRatesResponse,
    summary: 'Exchange prices: points per view, per download and per VIP day of each group',
  },
  adminListPointTasks: {
    method: 'GET',
    path: '/api/admin/points/tasks',
    response: P.AdminTaskListResponse,
    auth: 'admin',
    summary: 'Daily tasks with their rewards, caps and switches',
  },
  adminUpdatePointTask: {
    method: 'PATCH',
    path: '/api/admin/points/tasks/:id',
    params: IdParams,
    body: P.AdminTaskUpdate,
    response: P.AdminTaskResponse,
    auth: 'admin',
    summary: 'Change the points, daily cap, minutes or switch of a task',
  },
  adminGetPointsSettings: {
    method: 'GET',
    path: '/api/admin/points/settings',
    response: P.AdminPointsSettingsResponse,
    auth: 'admin',
    summary: 'Free view/download counts per group and the exchange prices',
  },
  adminUpdatePointsSettings: {
    method: 'PATCH',
    path: '/api/admin/points/settings',
    body: P.AdminPointsSettingsUpdate,
    response: P.AdminPointsSettingsResponse,
    auth: 'admin',
    summary: 'Change free counts per group or the exchange prices',
  },
  adminPointsReport: {
    method: 'GET',
    path: '/api/admin/points/report',
    query: P.AdminPointsReportQuery,
    response: P.AdminPointsReportResponse,
    auth: 'admin',
    summary: 'Points issued and spent (by plog type, operator days from..to) and outstanding now',
  },
} as const satisfies Record<string, Endpoint>;
