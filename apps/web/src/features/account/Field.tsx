import type { InputHTMLAttributes, ReactNode } from 'react';
import { Form } from '../../ui/PlainForm';
import styles from './LoginPage.module.css';

type Rules = Parameters<typeof Form.Item>[0]['rules'];

/**
 * One input row of the account forms (login, register, bind phone): an icon, the form's field `name` (its `rules`
 * checked on submit, ui/PlainForm.tsx) as an input with `input`'s attributes, and an optional button (`children`).
 */
export function Field({
  icon,
  name,
  rules,
  input,
  children,
}: {
  icon: ReactNode;
  name: string;
  rules: Rules;
  input: InputHTMLAttributes<HTMLInputElement> & { 'data-testid': string };
  children?: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <span className={styles.fieldIcon}>{icon}</span>
      <Form.Item name={name} noStyle rules={rules}>
        <input {...input} />
      </Form.Item>
      {children}
    </div>
  );
}
