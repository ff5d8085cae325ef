import type { ReactNode } from 'react';
import styles from './LoginPage.module.css';

/** One input row of the account forms (login, register, bind phone): an icon, the input and an optional button. */
export function Field({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <span className={styles.fieldIcon}>{icon}</span>
      {children}
    </div>
  );
}
