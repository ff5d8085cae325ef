/** Endpoints of the community's safety layer (community.ts): the console's settings and mutes. */

import { OkResponse } from '../admin.ts';
import * as M from '../community.ts';
import { IdParams } from '../content.ts';
import type { Endpoint } from '../endpoint-type.ts';

export const communityEndpoints = {
  adminGetCommunitySettings: {
    method: 'GET',
    path: '/api/admin/community/settings',
    response: M.AdminCommunitySettingsResponse,
    auth: 'admin',
    summary: 'Community settings: word list, review-first, write limits',
  },
  adminUpdateCommunitySettings: {
    method: 'PUT',
    path: '/api/admin/community/settings',
    body: M.AdminCommunitySettingsBody,
    response: M.AdminCommunitySettingsResponse,
    auth: 'admin',
    summary: 'Change the community settings (fields given are replaced)',
  },
  adminListCommunityMutes: {
    method: 'GET',
    path: '/api/admin/community/mutes',
    response: M.AdminCommunityMuteListResponse,
    auth: 'admin',
    summary: 'Users muted from writing comments, requests, feedback and reports',
  },
  adminMuteUser: {
    method: 'PUT',
    path: '/api/admin/community/mutes/:id',
    params: IdParams,
    body: M.AdminCommunityMuteBody,
    response: M.AdminCommunityMuteResponse,
    auth: 'admin',
    summary: 'Mute a user (by user_id) for some days or until unmuted',
  },
  adminUnmuteUser: {
    method: 'DELETE',
    path: '/api/admin/community/mutes/:id',
    params: IdParams,
    response: OkResponse,
    auth: 'admin',
    summary: 'Let a muted user write again',
  },
} as const satisfies Record<string, Endpoint>;
