/**
 * The poster calls of the viewer app (spec §7 createTempQrcode, createQrcode) over {@link api}. Method and path
 * mirror the contract's endpoint table at the type level (a wrong one fails tsc).
 */
import { type endpoints, type QrcodeType, TASK_POINT_HEADER } from '@openvod/contract';
import { api } from '../../lib/api';

type Table = typeof endpoints;
type PosterOp = 'createTempQrcode' | 'createQrcode';
const routes: { [K in PosterOp]: Pick<Table[K], 'method' | 'path'> } = {
  createTempQrcode: { method: 'GET', path: '/api/poster/qrcode' },
  createQrcode: { method: 'POST', path: '/api/poster/save' },
};
type Output<S> = S extends { _output: infer O } ? O : never;
export type QrcodePicture = Output<Table['createTempQrcode']['response']>['info'];

/** A saved poster: its PNG, the file name the server gave it and the points the "save promotion QR" task paid now. */
export interface SavedPoster {
  blob: Blob;
  filename: string;
  point: number;
}

export const posterApi = {
  /** createTempQrcode: the member's identity QR (`card`) or promotion poster (`poster`): address, link, size. */
  picture: async (type: QrcodeType, signal?: AbortSignal): Promise<QrcodePicture> =>
    (
      await api.request<Output<Table['createTempQrcode']['response']>>(routes.createTempQrcode.path, {
        method: routes.createTempQrcode.method,
        auth: true,
        query: { type },
        signal,
      })
    ).info,
  /** createQrcode: the poster's PNG as a download; the server pays the daily task (never the client's word). */
  save: async (): Promise<SavedPoster> => {
    const res = await api.request<Response>(routes.createQrcode.path, {
      method: routes.createQrcode.method,
      auth: true,
      raw: true,
    });
    const filename = /filename="([\w.-]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'poster.png';
    return { blob: await res.blob(), filename, point: Number(res.headers.get(TASK_POINT_HEADER)) || 0 };
  },
};
