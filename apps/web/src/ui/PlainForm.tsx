/**
 * The viewer app's one form approach: antd-mobile's `Form` (rc-field-form underneath) holds the values, runs the
 * rules and calls `onFinish` with the values once every rule passes. The screens keep their own markup: the fields
 * are `Form.Item noStyle` around the screen's inputs, the list layout of antd-mobile steps aside (PlainForm.module.css)
 * and rules are checked on submit only. A rule's message is an i18n key (`validation.*`, `points.*`, ...): the screen
 * shows the first failing one (`firstError`) in its own error line, translated.
 */
import { Form, type FormProps } from 'antd-mobile';
import styles from './PlainForm.module.css';

type Rule = NonNullable<Parameters<typeof Form.Item>[0]['rules']>[number];
type RuleObject = Exclude<Rule, (...args: never[]) => unknown>;
/** A form's instance (values, validation, reset) as `Form.useForm<V>()` makes it. */
export type FormInstance<V> = ReturnType<typeof Form.useForm<V>>[0];
type FinishFailed = Parameters<NonNullable<FormProps['onFinishFailed']>>[0];

/** A form with antd-mobile's state and rules and the page's own layout; rules run on submit only. */
export function PlainForm({ className, ...props }: FormProps) {
  return <Form {...props} className={className ? `${styles.plain} ${className}` : styles.plain} validateTrigger={[]} />;
}

/**
 * A rule from a check function: `check(value)` answers the failing message key or undefined when the value is fine.
 * An unset field is checked as ''.
 */
export function checkRule<T = string>(check: (value: T) => string | undefined): RuleObject {
  return {
    validator: async (_rule, value) => {
      const failed = check((value ?? '') as T);
      if (failed) throw new Error(failed);
    },
  };
}

/** The message key of the first failing field (fields in the order they are rendered), or undefined. */
export function firstError(info: FinishFailed): string | undefined {
  return info.errorFields.find((f) => f.errors.length > 0)?.errors[0];
}

/** The first message key a rejected `validateFields` carries (its rejection is the same entity as `onFinishFailed`). */
export function validationError(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'errorFields' in err) return firstError(err as FinishFailed);
  return undefined;
}

export { Form };
