/**
 * Client-side checks of spec §5 with the spec's messages (keys under `validation.*`). The rules mirror the
 * contract's (`PASSWORD_RULE`, `USER_NAME_RULE`, `PHONE_RULE`; a test keeps them equal) without shipping zod.
 * Each check returns the first failing message key, or undefined when the input is fine.
 */

export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{6,64}$/;
export const USER_NAME_RULE = /^[A-Za-z0-9_]{3,32}$/;
export const PHONE_RULE = /^(?:\+?86)?1[3-9]\d{9}$/;

export type ValidationKey =
  | 'validation.phone'
  | 'validation.codeEmpty'
  | 'validation.account'
  | 'validation.passwordEmpty'
  | 'validation.passwordRule'
  | 'validation.passwordMismatch'
  | 'validation.agreement'
  | 'validation.nicknameEmpty';

export function checkPhone(phone: string): ValidationKey | undefined {
  return PHONE_RULE.test(phone.trim()) ? undefined : 'validation.phone';
}

export function checkCode(code: string): ValidationKey | undefined {
  return code.trim() ? undefined : 'validation.codeEmpty';
}

/** Phone + code (phone login, phone registration, phone bind). */
export function checkPhoneCode(phone: string, code: string): ValidationKey | undefined {
  return checkPhone(phone) ?? checkCode(code);
}

/** Password login: the account's format, then a non-empty password (old passwords may predate the rule). */
export function checkLogin(userName: string, password: string): ValidationKey | undefined {
  if (!USER_NAME_RULE.test(userName.trim())) return 'validation.account';
  if (!password) return 'validation.passwordEmpty';
  return undefined;
}

/** Registration: account format, password present and strong enough, confirmation equal. */
export function checkRegister(userName: string, password: string, password2: string): ValidationKey | undefined {
  if (!USER_NAME_RULE.test(userName.trim())) return 'validation.account';
  if (!password) return 'validation.passwordEmpty';
  if (!PASSWORD_RULE.test(password)) return 'validation.passwordRule';
  if (password !== password2) return 'validation.passwordMismatch';
  return undefined;
}

export function checkAgreement(agreed: boolean): ValidationKey | undefined {
  return agreed ? undefined : 'validation.agreement';
}

export function checkNickname(nickname: string): ValidationKey | undefined {
  return nickname.trim() ? undefined : 'validation.nicknameEmpty';
}
