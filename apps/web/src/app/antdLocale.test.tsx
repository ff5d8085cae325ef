/**
 * antd-mobile's own texts follow the app's language (app/antdLocale.tsx): in the tree through ConfigProvider and
 * for the imperative dialogs through its default config; a language change switches them.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { Dialog, InfiniteScroll } from 'antd-mobile';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettings } from '../lib/settings';
import { ensureRender } from '../ui/feedback';
import { AntdLocaleProvider } from './antdLocale';

afterEach(() => {
  cleanup();
  Dialog.clear();
  document.body.innerHTML = '';
});

describe('AntdLocaleProvider', () => {
  it("gives antd-mobile the app's language and switches it with the language", async () => {
    act(() => useSettings.getState().setLocale('en-us'));
    render(
      <AntdLocaleProvider>
        <InfiniteScroll hasMore={false} loadMore={async () => undefined} />
      </AntdLocaleProvider>,
    );
    expect(await screen.findByText('No more')).toBeTruthy();
    // The imperative dialogs (rendered outside the tree) read the default config.
    ensureRender();
    act(() => {
      Dialog.alert({ content: 'x' });
    });
    expect(await screen.findByText('OK')).toBeTruthy();
    act(() => Dialog.clear());

    act(() => useSettings.getState().setLocale('de-de'));
    expect(await screen.findByText("Das war's")).toBeTruthy();
    act(() => useSettings.getState().setLocale('pt-pt'));
    expect(await screen.findByText('Fim')).toBeTruthy();
    act(() => useSettings.getState().setLocale('zh-cn'));
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });
});
