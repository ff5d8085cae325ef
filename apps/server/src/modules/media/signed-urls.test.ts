import { describe, expect, it } from 'vitest';
import { MEDIA_URL_TTL_S, MediaSigner, TOKEN } from './signed-urls.ts';

const key = async () => Buffer.from('a test secret of enough length', 'utf8');
const text = JSON.stringify({
  info: { vod_pic: '/media/demo/posters/a.jpg', url: '/media/hls/t1/index.m3u8', ad: '/media/ads/x.mp4' },
});

describe('MediaSigner', () => {
  it('signs the video addresses of a text and leaves pictures and ads as they are', async () => {
    const signer = new MediaSigner(key, () => Date.UTC(2026, 10, 29, 1, 30));
    const out = JSON.parse(await signer.signText(text)) as { info: Record<string, string> };
    expect(out.info.vod_pic).toBe('/media/demo/posters/a.jpg');
    expect(out.info.ad).toBe('/media/ads/x.mp4');
    const exp = Date.UTC(2026, 10, 29, 2) / 1000 + MEDIA_URL_TTL_S;
    expect(out.info.url).toMatch(new RegExp(`^/media/t/${exp}-2-[\\w-]{22}/hls/t1/index\\.m3u8$`));
    const req: { url: string; [TOKEN]?: never } = { url: out.info.url as string };
    expect(signer.rewrite(req)).toBe('/media/hls/t1/index.m3u8');
    expect(await signer.verify(req)).toBe(true);
  });

  it('answers the signed text as UTF-8 bytes, from its cache within the hour and signed again after it', async () => {
    let now = Date.UTC(2026, 10, 29, 1, 5);
    const signer = new MediaSigner(key, () => now);
    const first = await signer.signTextBytes(text);
    expect(first.toString('utf8')).toBe(await signer.signText(text));
    now = Date.UTC(2026, 10, 29, 1, 59);
    expect(await signer.signTextBytes(text)).toBe(first);
    now = Date.UTC(2026, 10, 29, 2, 0);
    const next = await signer.signTextBytes(text);
    expect(next).not.toBe(first);
    expect(next.toString('utf8')).toBe(await signer.signText(text));
    expect(next.toString('utf8')).toContain(`/media/t/${Date.UTC(2026, 10, 29, 3) / 1000 + MEDIA_URL_TTL_S}-`);
    const plain = '{"title":"霓虹断刃","vod_pic":"/media/demo/posters/a.jpg"}';
    expect((await signer.signTextBytes(plain)).toString('utf8')).toBe(plain);
  });
});
