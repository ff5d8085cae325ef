import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon, PhoneIcon } from '../../ui/icons';
import { checkRule, Form, type FormInstance, firstError, PlainForm, validationError } from '../../ui/PlainForm';
import { CodeButton } from './CodeButton';
import { Field } from './Field';
import styles from './LoginPage.module.css';
import { checkCode, checkPhone, type ValidationKey } from './validation';

/** What the phone-and-code form hands over once both fields pass: the phone and the code, trimmed. */
export interface PhoneCode {
  phone: string;
  code: string;
}

export interface PhoneCodeFormProps {
  /** Prefix of the test ids: `${testIdPrefix}-phone`, `-code`, `-send-code`. */
  testIdPrefix: string;
  /** Test id of the submit button. */
  submitTestId: string;
  submitLabel: string;
  /** True while the submit's request is running: the button is disabled. */
  busy: boolean;
  phonePlaceholder: string;
  /** The form's instance when the page needs it (to clear the fields after a bind); one of its own otherwise. */
  form?: FormInstance<PhoneCode>;
  /** Extra class of the `<form>` (the page's spacing). */
  className?: string;
  /**
   * Send a code to `phone` (already checked against spec §5's phone rule); resolves the seconds until the next code
   * may be asked for (the server's `resend_after`), or undefined when nothing was sent.
   */
  onSendCode: (phone: string) => Promise<number | undefined>;
  /** Both fields passed their checks: sign in, register or bind with them. */
  onSubmit: (values: PhoneCode) => void;
  /** The first failing check's message key after a submit or a send attempt, undefined when the fields passed. */
  onCheck: (failed: ValidationKey | undefined) => void;
  /** Shown between the fields and the submit button (the page's error line). */
  notice?: ReactNode;
  /** Shown after the submit button. */
  children?: ReactNode;
}

/**
 * The phone number and SMS code form shared by phone sign-in / registration (login page) and bind phone (spec §2):
 * spec §5's checks (a correct phone number, a code that is not empty), the "get code" button with its resend
 * countdown (CodeButton) and the submit button. The page says what sending a code and submitting do.
 */
export function PhoneCodeForm(props: PhoneCodeFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneCode>(props.form);
  const { testIdPrefix: id, onCheck } = props;

  async function sendCode(): Promise<number | undefined> {
    try {
      const { phone } = await form.validateFields(['phone']);
      onCheck(undefined);
      return await props.onSendCode(phone.trim());
    } catch (err) {
      const failed = validationError(err);
      if (failed === undefined) throw err;
      onCheck(failed as ValidationKey);
      return undefined;
    }
  }

  return (
    <PlainForm
      form={form}
      initialValues={{ phone: '', code: '' }}
      className={props.className ? `${styles.form} ${props.className}` : styles.form}
      onFinish={(values: PhoneCode) => {
        onCheck(undefined);
        props.onSubmit({ phone: values.phone.trim(), code: values.code.trim() });
      }}
      onFinishFailed={(info) => onCheck(firstError(info) as ValidationKey)}
    >
      <Field
        icon={<PhoneIcon />}
        name="phone"
        rules={[checkRule(checkPhone)]}
        input={{
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel',
          maxLength: 14,
          placeholder: props.phonePlaceholder,
          'aria-label': t('account.phone'),
          'data-testid': `${id}-phone`,
        }}
      />
      <Field
        icon={<LockIcon />}
        name="code"
        rules={[checkRule(checkCode)]}
        input={{
          type: 'text',
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 6,
          placeholder: t('account.codePlaceholder'),
          'aria-label': t('account.code'),
          'data-testid': `${id}-code`,
        }}
      >
        <CodeButton onSend={sendCode} testId={`${id}-send-code`} />
      </Field>
      {props.notice}
      <button type="submit" className={styles.submit} disabled={props.busy} data-testid={props.submitTestId}>
        {props.submitLabel}
      </button>
      {props.children}
    </PlainForm>
  );
}
