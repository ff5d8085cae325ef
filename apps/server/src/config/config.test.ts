import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('DEMO_CONTENT', () => {
  it('is on by default outside production (the README demo: npm install && npm start)', () => {
    expect(loadConfig({}).demoContent).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoContent).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoContent).toBe(true);
  });

  it('is off by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoContent).toBe(false);
  });

  it('is what DEMO_CONTENT says when set, in production too', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_CONTENT: '1' }).demoContent).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_CONTENT: 'yes' }).demoContent).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_CONTENT: '0' }).demoContent).toBe(false);
    expect(loadConfig({ DEMO_CONTENT: '0' }).demoContent).toBe(false);
    expect(loadConfig({ DEMO_CONTENT: 'false' }).demoContent).toBe(false);
  });

  it('refuses a value that is not a switch', () => {
    expect(() => loadConfig({ DEMO_CONTENT: 'maybe' })).toThrow(/DEMO_CONTENT/);
  });
});

describe('HEAP_GROWING_PERCENT', () => {
  it('is 30 on the embedded database and V8 own with PostgreSQL', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(30);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db' }).heapGrowingPercent).toBeUndefined();
  });

  it('is what the variable says, 0 meaning V8 own', () => {
    expect(loadConfig({ HEAP_GROWING_PERCENT: '50' }).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db', HEAP_GROWING_PERCENT: '40' }).heapGrowingPercent,
    ).toBe(40);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-1' })).toThrow(/HEAP_GROWING_PERCENT/);
  });
});
