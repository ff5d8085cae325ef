/**
 * The poster operations of the endpoint table (spec/calls.md "promotion" rows createTempQrcode and createQrcode;
 * spec §2 reward-more and id-card, §9 "save promotion QR") and the console's poster background.
 */

import type { Endpoint } from '../endpoint-type.ts';
import * as P from '../poster.ts';

export const posterEndpoints = {
  createTempQrcode: {
    method: 'GET',
    path: '/api/poster/qrcode',
    query: P.TempQrcodeQuery,
    response: P.TempQrcodeResponse,
    auth: 'user',
    summary:
      "The signed-in member's picture to show: type=card the identity QR, type=poster the promotion poster " +
      '(PNG on the storage port, drawn once per member, background and language)',
  },
  createQrcode: {
    method: 'POST',
    path: '/api/poster/save',
    response: P.CreateQrcodeResponse,
    auth: 'user',
    summary:
      'Save the promotion poster: the PNG as a download (Content-Disposition attachment); pays the "save ' +
      'promotion QR" task (plog type 23) once per operator day, points paid in the x-task-point header',
  },
  adminGetPosterSettings: {
    method: 'GET',
    path: '/api/admin/poster',
    response: P.AdminPosterSettingsResponse,
    auth: 'admin',
    summary: 'The poster background (null: the drawn default) and a preview poster',
  },
  adminUploadPosterBackground: {
    method: 'POST',
    path: '/api/admin/poster/background',
    response: P.AdminPosterSettingsResponse,
    auth: 'admin',
    multipart: true,
    summary: 'Upload or replace the poster background (form field "file": JPEG, PNG or WebP, at most 5 MB)',
  },
  adminDeletePosterBackground: {
    method: 'DELETE',
    path: '/api/admin/poster/background',
    response: P.AdminPosterSettingsResponse,
    auth: 'admin',
    summary: 'Remove the poster background (posters go back to the drawn default)',
  },
} as const satisfies Record<string, Endpoint>;
