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

/** The account (user name) format. */
export function checkAccount(userName: string): ValidationKey | undefined {
  return USER_NAME_RULE.test(userName.trim()) ? undefined : 'validation.account';
}

/** A password at sign-in: only present (old passwords may predate the rule). */
export function checkPasswordPresent(password: string): ValidationKey | undefined {
  return password ? undefined : 'validation.passwordEmpty';
}

/** A new password: present, then strong enough. */
export function checkNewPassword(password: string): ValidationKey | undefined {
  return checkPasswordPresent(password) ?? (PASSWORD_RULE.test(password) ? undefined : 'validation.passwordRule');
}

/** The new password's confirmation: equal to it. */
export function checkPasswordRepeat(password: string, password2: string): ValidationKey | undefined {
  return password === password2 ? undefined : 'validation.passwordMismatch';
}

/** Password login: the account's format, then a non-empty password. */
export function checkLogin(userName: string, password: string): ValidationKey | undefined {
  return checkAccount(userName) ?? checkPasswordPresent(password);
}

/** Registration: account format, password present and strong enough, confirmation equal. */
export function checkRegister(userName: string, password: string, password2: string): ValidationKey | undefined {
  return checkAccount(userName) ?? checkNewPassword(password) ?? checkPasswordRepeat(password, password2);
}

export function checkAgreement(agreed: boolean): ValidationKey | undefined {
  return agreed ? undefined : 'validation.agreement';
}

export function checkNickname(nickname: string): ValidationKey | undefined {
  return nickname.trim() ? undefined : 'validation.nicknameEmpty';
}
