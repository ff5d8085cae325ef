import { describe, expect, it } from 'vitest';
import { slotOn } from './ads.ts';
import { APP_CONFIG_DEFAULTS } from './appconfig.ts';
import { fenToYuan, signedAmount, yuanToFen } from './money.ts';
import { PLOG_TYPE, plogTypeKey } from './points.ts';

describe('slotOn', () => {
  const cfg = (list: unknown[]) => ({ list });
  it('reads numbers, numeric strings and switched-on objects', () => {
    expect(slotOn(cfg([12]), 12)).toBe(true);
    expect(slotOn(cfg(['2']), 2)).toBe(true);
    expect(slotOn(cfg([{ ad_local_type: 16 }]), 16)).toBe(true);
    expect(slotOn(cfg([{ ad_local_type: '16', ad_status: 1 }]), 16)).toBe(true);
  });
  it('is off for other slots, switched-off objects, blanks and a missing list', () => {
    expect(slotOn(cfg([16]), 12)).toBe(false);
    expect(slotOn(cfg([{ ad_local_type: 16, ad_status: 0 }]), 16)).toBe(false);
    expect(slotOn(cfg([{ ad_local_type: 16, ad_status: '0' }]), 16)).toBe(false);
    expect(slotOn(cfg([' ', null]), 0)).toBe(false);
    expect(slotOn(cfg([]), 1)).toBe(false);
    expect(slotOn(undefined, 1)).toBe(false);
    expect(slotOn(APP_CONFIG_DEFAULTS.ads, 12)).toBe(false);
  });
});

describe('money', () => {
  it('writes fen as yuan with two decimals', () => {
    expect(fenToYuan(1990)).toBe('19.90');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(-120)).toBe('-1.20');
    expect(fenToYuan(Number.NaN)).toBe('0.00');
  });
  it('reads yuan text as fen without float arithmetic', () => {
    expect(yuanToFen('19.9')).toBe(1990);
    expect(yuanToFen(' 0.05 ')).toBe(5);
    expect(yuanToFen('20')).toBe(2000);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(yuanToFen('12345678', 7)).toBeNull();
    expect(yuanToFen('1234567', 7)).toBe(123456700);
  });
  it('signs journal amounts', () => {
    expect(signedAmount(5)).toBe('+5');
    expect(signedAmount(-3)).toBe('-3');
    expect(signedAmount(0)).toBe('0');
  });
});

describe('plog types', () => {
  it('names every type the server writes', () => {
    for (const type of Object.values(PLOG_TYPE)) expect(plogTypeKey(type)).toBeDefined();
    expect(plogTypeKey(PLOG_TYPE.watch10Min)).toBe('watch_min');
    expect(plogTypeKey(999)).toBeUndefined();
  });

  it('gives each kind of journal row its own number (a redemption is not a watched film)', () => {
    const numbers = Object.values(PLOG_TYPE);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(plogTypeKey(PLOG_TYPE.redeem)).toBe('redeem');
    expect(PLOG_TYPE.redeem).not.toBe(PLOG_TYPE.watchFilm);
  });
});
