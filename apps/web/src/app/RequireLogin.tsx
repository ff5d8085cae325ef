import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { guardJump } from '../lib/routes';
import { useUserId } from '../lib/session';

/** Spec §2: a login-required page opened with no stored user goes to the login page (and back after login). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const userId = useUserId();
  const { pathname, search } = useLocation();
  const target = guardJump(`${pathname}${search}`, userId, true);
  return target === `${pathname}${search}` ? children : <Navigate to={target} replace />;
}
