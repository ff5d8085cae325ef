/**
 * The promotion programme's earnings operations (spec/calls.md "promotion" rows visit, rewardList, checkActive;
 * plus the promotion centre, the earnings log, the level rules and the points → cash exchange the screens need, and
 * the console's settings, promoters and report). Withdrawals (cash, cashList) are the cash module's table, the
 * poster (createQrcode, createTempQrcode) the poster module's.
 */
import { OkResponse } from '../admin.ts';
import { IdParams } from '../content.ts';
import type { Endpoint } from '../endpoint-type.ts';
import * as P from '../promotion.ts';

export const promotionEndpoints = {
  visit: {
    method: 'GET',
    path: '/api/promotion/visit',
    query: P.VisitQuery,
    response: P.VisitResponse,
    summary:
      'Count a promotion-link visit (code or uid): once per IP per promoter per operator day; may pay the promoter ' +
      'visit points (plog 3)',
  },
  rewardList: {
    method: 'GET',
    path: '/api/promotion/rewards',
    query: P.RewardListQuery,
    response: P.RewardListResponse,
    auth: 'user',
    summary: 'Distribution centre: my invitees at depth 1, 2 or 3 (masked), qualified or not, what each earned me',
  },
  checkActive: {
    method: 'POST',
    path: '/api/promotion/check-active',
    response: P.CheckActiveResponse,
    auth: 'user',
    summary: 'My standing as a promoter: level, qualified invitees and those needed for the next, activity, flag',
  },
  promotionCenter: {
    method: 'GET',
    path: '/api/promotion/center',
    response: P.PromotionCenterResponse,
    auth: 'user',
    summary: 'Promotion centre: my invitation code, pending / available / earned fen, visits, standing',
  },
  revenueList: {
    method: 'GET',
    path: '/api/promotion/earnings',
    query: P.RevenueListQuery,
    response: P.RevenueListResponse,
    auth: 'user',
    summary: 'My earnings log (time, source, invitee, fen, pending/available/reversed), newest first',
  },
  promotionLevels: {
    method: 'GET',
    path: '/api/promotion/levels',
    response: P.PromotionLevelsResponse,
    summary: 'The promoter levels and their rules, the invitation tiers when on, hold days, the points rate',
  },
  exchangePointsCash: {
    method: 'POST',
    path: '/api/promotion/points-cash',
    body: P.PointsCashBody,
    response: P.PointsCashResponse,
    auth: 'user',
    summary:
      'Exchange points into promotion money at the operator rate (held like every earning); idempotent by key ' +
      'or the Idempotency-Key header',
  },
  adminGetPromotionSettings: {
    method: 'GET',
    path: '/api/admin/promotion/settings',
    response: P.AdminPromotionSettingsResponse,
    auth: 'admin',
    summary: 'Promotion settings, levels and tiers',
  },
  adminUpdatePromotionSettings: {
    method: 'PUT',
    path: '/api/admin/promotion/settings',
    body: P.AdminPromotionSettingsBody,
    response: P.AdminPromotionSettingsResponse,
    auth: 'admin',
    summary: 'Change the settings and replace the level and tier lists',
  },
  adminListPromoters: {
    method: 'GET',
    path: '/api/admin/promotion/promoters',
    query: P.AdminPromoterQuery,
    response: P.AdminPromoterListResponse,
    auth: 'admin',
    summary: 'Promoters with invitees, qualified, level, earned / pending / available fen, open signals, flags',
  },
  adminGetPromoter: {
    method: 'GET',
    path: '/api/admin/promotion/promoters/:id',
    params: IdParams,
    response: P.AdminPromoterResponse,
    auth: 'admin',
    summary: 'One promoter: invitees, latest earnings, fraud signals',
  },
  adminFlagPromoter: {
    method: 'POST',
    path: '/api/admin/promotion/promoters/:id/flag',
    params: IdParams,
    body: P.AdminFlagBody,
    response: OkResponse,
    auth: 'admin',
    summary: 'Flag a promoter as fraudulent with a reason (withdrawals refused), or clear the flag',
  },
  adminSetAgent: {
    method: 'POST',
    path: '/api/admin/promotion/promoters/:id/agent',
    params: IdParams,
    body: P.AdminAgentBody,
    response: OkResponse,
    auth: 'admin',
    summary: 'Mark a user as agent (agent level) or not',
  },
  adminReverseEarning: {
    method: 'POST',
    path: '/api/admin/promotion/earnings/:id/reverse',
    params: IdParams,
    body: P.AdminReverseBody,
    response: P.AdminReverseResponse,
    auth: 'admin',
    summary: 'Take an earning back with a reason (a correcting ledger transfer; refused when the balance is spent)',
  },
  adminClearSignal: {
    method: 'POST',
    path: '/api/admin/promotion/signals/:id/clear',
    params: IdParams,
    response: OkResponse,
    auth: 'admin',
    summary: 'Clear a fraud signal',
  },
  adminPromotionReport: {
    method: 'GET',
    path: '/api/admin/promotion/report',
    query: P.AdminPromotionReportQuery,
    response: P.AdminPromotionReportResponse,
    auth: 'admin',
    summary: 'Earned, pending, released and reversed fen by operator day (default: the last 30 days)',
  },
} as const satisfies Record<string, Endpoint>;
