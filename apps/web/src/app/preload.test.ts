import { describe, expect, it } from 'vitest';
import { parseHashRoute } from './preload';

describe('parseHashRoute', () => {
  it('splits a HashRouter location into path and query', () => {
    const { pathname, params } = parseHashRoute('#/pages/detail/mov-detail?id=12&sid=2&nid=3');
    expect(pathname).toBe('/pages/detail/mov-detail');
    expect(params.get('id')).toBe('12');
    expect(params.get('sid')).toBe('2');
    expect(params.get('nid')).toBe('3');
  });

  it('normalises case and trailing slashes like the router matches them', () => {
    expect(parseHashRoute('#/Pages/Detail/Mov-Detail/?id=1').pathname).toBe('/pages/detail/mov-detail');
  });

  it('handles an empty hash and one without a query', () => {
    expect(parseHashRoute('').pathname).toBe('');
    expect(parseHashRoute('#/').pathname).toBe('');
    expect(parseHashRoute('#/pages/home/index').params.toString()).toBe('');
  });
});
