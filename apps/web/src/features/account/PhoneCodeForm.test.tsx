/**
 * The phone-and-code form shared by phone sign-in and bind phone (PhoneCodeForm): spec §5's checks in field order
 * with their message keys, a code sent only to a correct number (and the resend countdown after it), the values
 * handed over trimmed once both fields pass.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { PhoneCodeForm } from './PhoneCodeForm';

beforeAll(async () => {
  await initI18n('en-us');
});
afterEach(cleanup);

function renderForm(onSendCode: (phone: string) => Promise<number | undefined> = async () => 60) {
  const onCheck = vi.fn();
  const onSubmit = vi.fn();
  const send = vi.fn(onSendCode);
  render(
    <PhoneCodeForm
      testIdPrefix="t"
      submitTestId="t-submit"
      submitLabel="Go"
      busy={false}
      phonePlaceholder="Phone"
      onSendCode={send}
      onCheck={onCheck}
      onSubmit={onSubmit}
    />,
  );
  const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
  return { onCheck, onSubmit, send, type };
}

describe('PhoneCodeForm', () => {
  it('checks the phone, then the code, and hands over the trimmed values', async () => {
    const { onCheck, onSubmit, type } = renderForm();
    fireEvent.click(screen.getByTestId('t-submit'));
    await waitFor(() => expect(onCheck).toHaveBeenLastCalledWith('validation.phone'));
    type('t-phone', '12345');
    fireEvent.click(screen.getByTestId('t-submit'));
    await waitFor(() => expect(onCheck).toHaveBeenCalledTimes(2));
    expect(onCheck).toHaveBeenLastCalledWith('validation.phone');
    type('t-phone', ' 13912345678 ');
    fireEvent.click(screen.getByTestId('t-submit'));
    await waitFor(() => expect(onCheck).toHaveBeenLastCalledWith('validation.codeEmpty'));
    type('t-code', ' 123456 ');
    fireEvent.click(screen.getByTestId('t-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '13912345678', code: '123456' }));
    expect(onCheck).toHaveBeenLastCalledWith(undefined);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('sends a code only to a correct number, then counts down to the next one', async () => {
    const { onCheck, send, type } = renderForm(async () => 30);
    const button = screen.getByTestId('t-send-code') as HTMLButtonElement;
    type('t-phone', '1391234');
    fireEvent.click(button);
    await waitFor(() => expect(onCheck).toHaveBeenLastCalledWith('validation.phone'));
    expect(send).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);

    type('t-phone', '13912345678 ');
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toMatch(/30 s/));
    expect(send).toHaveBeenCalledWith('13912345678');
    expect(onCheck).toHaveBeenLastCalledWith(undefined);
    expect(button.disabled).toBe(true);
  });

  it('stays ready for another try when nothing was sent', async () => {
    const { send, type } = renderForm(async () => undefined);
    const button = screen.getByTestId('t-send-code') as HTMLButtonElement;
    type('t-phone', '13912345678');
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(button.textContent).toBe('Get code');
  });
});
