import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazyPage';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the Suspense fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const Page = lazyPage(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="there" />
      </Suspense>,
    );
    expect(screen.getByText('hello there')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends until the chunk arrives when it was not preloaded', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: Hello }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="later" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello later')).toBeTruthy();
  });

  it('retries a failed load on the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
