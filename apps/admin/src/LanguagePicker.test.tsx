/**
 * The language picker of the console's header and sign-in page: the 9 languages by their own names, and what a
 * choice changes (labels, `<html lang>`, the stored choice, the request's Accept-Language, dayjs's locale).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api.ts';
import { getLang, storedLang, useI18n } from './i18n.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { serve } from './testing.tsx';

function SignOutLabel() {
  const { t } = useI18n();
  return <p data-testid="label">{t('nav.signOut')}</p>;
}

function renderPicker() {
  return render(
    <AntApp>
      <LanguagePicker testId="lang-toggle" />
      <SignOutLabel />
    </AntApp>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('language picker', () => {
  it('lists the 9 languages by their own names and names the current one', async () => {
    renderPicker();
    const button = screen.getByTestId('lang-toggle');
    expect(button.textContent).toBe('简体中文');
    expect(button.getAttribute('aria-label')).toBe('语言');
    fireEvent.click(button);
    await screen.findByTestId('lang-ko-kr');
    const names = ['zh-cn', 'zh-tw', 'en-us', 'fr-fr', 'de-de', 'es-es', 'pt-pt', 'ja-jp', 'ko-kr'].map(
      (l) => screen.getByTestId(`lang-${l}`).textContent,
    );
    expect(names).toEqual([
      '简体中文',
      '繁體中文',
      'English',
      'Français',
      'Deutsch',
      'Español',
      'Português',
      '日本語',
      '한국어',
    ]);
  });

  it('switches the labels, <html lang>, the stored choice, Accept-Language and the date locale', async () => {
    const requests = serve([{ method: 'GET', path: '/api/admin/me', reply: { fake_pay: false, time_zone: 'UTC' } }]);
    renderPicker();
    expect(screen.getByTestId('label').textContent).toBe('退出登录');
    fireEvent.click(screen.getByTestId('lang-toggle'));
    fireEvent.click(await screen.findByTestId('lang-ja-jp'));

    await waitFor(() => expect(screen.getByTestId('lang-toggle').textContent).toBe('日本語'));
    expect(screen.getByTestId('label').textContent).toBe('ログアウト');
    expect(getLang()).toBe('ja-jp');
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(storedLang()).toBe('ja-jp');
    expect(dayjs.locale()).toBe('ja');

    await call('adminMe');
    expect(requests[0]?.headers['Accept-Language']).toBe('ja-JP');
  });

  it('starts in zh-cn when the stored choice is not one of the 9', () => {
    localStorage.setItem('openvod.admin.lang', 'xx-yy');
    expect(storedLang()).toBe('zh-cn');
    localStorage.setItem('openvod.admin.lang', 'ko-kr');
    expect(storedLang()).toBe('ko-kr');
  });
});
