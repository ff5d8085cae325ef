import { ApiError } from '../../../lib/api';

/** Contract `ErrorCode.notFound` (not imported: the contract module that holds it ships zod). */
export const NOT_FOUND_CODE = 1004;

/** The server's answer "this phone has no account": 400 with the not-found code (a 404 is a wrong address). */
export function isNotRegistered(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.code === NOT_FOUND_CODE;
}
