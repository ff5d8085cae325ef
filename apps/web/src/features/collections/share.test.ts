/** Sharing a title (share.ts): the share sheet, the copy fallback, a cancelled sheet, and no way to share. */
import { describe, expect, it, vi } from 'vitest';
import { shareTitle, titleUrl } from './share';

const target = { title: 'T', text: 'Watch T', url: 'https://tv.example/#/pages/detail/mov-detail?id=3' };

describe('shareTitle', () => {
  it('uses the share sheet where there is one', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    expect(await shareTitle(target, { share, clipboard: { writeText } as unknown as Clipboard })).toBe('shared');
    expect(share).toHaveBeenCalledWith(target);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('reports a closed sheet as cancelled (nothing is copied or paid)', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    const writeText = vi.fn(async () => undefined);
    expect(await shareTitle(target, { share, clipboard: { writeText } as unknown as Clipboard })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the text and link without a sheet, or when the sheet is not allowed', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareTitle(target, { clipboard: { writeText } as unknown as Clipboard })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(`Watch T ${target.url}`);
    const share = vi.fn(async () => {
      throw new DOMException('no', 'NotAllowedError');
    });
    expect(await shareTitle(target, { share, clipboard: { writeText } as unknown as Clipboard })).toBe('copied');
  });

  it('says so when the device can do neither', async () => {
    expect(await shareTitle(target, {})).toBe('unavailable');
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    expect(await shareTitle(target, { clipboard: { writeText } as unknown as Clipboard })).toBe('unavailable');
  });

  it("builds the title page's address on this origin", () => {
    expect(titleUrl(12, { origin: 'https://tv.example', pathname: '/' })).toBe(
      'https://tv.example/#/pages/detail/mov-detail?id=12',
    );
  });
});
