/**
 * The poster calls of the viewer app (spec §7 createTempQrcode, createQrcode) over the typed {@link call} and, for the
 * PNG download, {@link callRaw} (lib/client.ts).
 */
import { type QrcodeType, TASK_POINT_HEADER } from '@openvod/contract';
import { call, callRaw, type Res } from '../../lib/client';

export type QrcodePicture = Res<'createTempQrcode'>['info'];

/** A saved poster: its PNG, the file name the server gave it and the points the "save promotion QR" task paid now. */
export interface SavedPoster {
  blob: Blob;
  filename: string;
  point: number;
}

export const posterApi = {
  /** createTempQrcode: the member's identity QR (`card`) or promotion poster (`poster`): address, link, size. */
  picture: async (type: QrcodeType, signal?: AbortSignal): Promise<QrcodePicture> =>
    (await call('createTempQrcode', { query: { type }, signal })).info,
  /** createQrcode: the poster's PNG as a download; the server pays the daily task (never the client's word). */
  save: async (): Promise<SavedPoster> => {
    const res = await callRaw('createQrcode');
    const filename = /filename="([\w.-]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'poster.png';
    return { blob: await res.blob(), filename, point: Number(res.headers.get(TASK_POINT_HEADER)) || 0 };
  },
};
