import { PASSWORD_RULE as C_PASSWORD, PHONE_RULE as C_PHONE, USER_NAME_RULE as C_USER } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-us.json';
import { maskPhone } from './phone';
import {
  checkAgreement,
  checkCode,
  checkLogin,
  checkNickname,
  checkPhone,
  checkPhoneCode,
  checkRegister,
  PASSWORD_RULE,
  PHONE_RULE,
  USER_NAME_RULE,
} from './validation';

describe('validation rules (spec §5)', () => {
  it('mirror the contract rules the server applies', () => {
    expect(PASSWORD_RULE.source).toBe(C_PASSWORD.source);
    expect(USER_NAME_RULE.source).toBe(C_USER.source);
    expect(PHONE_RULE.source).toBe(C_PHONE.source);
  });

  it('phone must be correct; the code must not be empty', () => {
    expect(checkPhone('13800138000')).toBeUndefined();
    expect(checkPhone('+8613800138000')).toBeUndefined();
    expect(checkPhone('12800138000')).toBe('validation.phone');
    expect(checkPhone('1380013800')).toBe('validation.phone');
    expect(checkCode('  ')).toBe('validation.codeEmpty');
    expect(checkPhoneCode('13800138000', '')).toBe('validation.codeEmpty');
    expect(checkPhoneCode('138', '')).toBe('validation.phone');
    expect(checkPhoneCode('13800138000', '123456')).toBeUndefined();
  });

  it('login: account format, then a non-empty password', () => {
    expect(checkLogin('a!', 'x')).toBe('validation.account');
    expect(checkLogin('ab', 'x')).toBe('validation.account');
    expect(checkLogin('alice', '')).toBe('validation.passwordEmpty');
    expect(checkLogin('alice', 'x')).toBeUndefined();
  });

  it('register: at least 6 characters mixing letters and digits, confirmation equal', () => {
    expect(checkRegister('bad name', 'abc123', 'abc123')).toBe('validation.account');
    expect(checkRegister('alice', '', '')).toBe('validation.passwordEmpty');
    expect(checkRegister('alice', 'abcdef', 'abcdef')).toBe('validation.passwordRule');
    expect(checkRegister('alice', '123456', '123456')).toBe('validation.passwordRule');
    expect(checkRegister('alice', 'ab12', 'ab12')).toBe('validation.passwordRule');
    expect(checkRegister('alice', 'abc123', 'abc124')).toBe('validation.passwordMismatch');
    expect(checkRegister('alice', 'abc123', 'abc123')).toBeUndefined();
  });

  it('agreement and nickname', () => {
    expect(checkAgreement(false)).toBe('validation.agreement');
    expect(checkAgreement(true)).toBeUndefined();
    expect(checkNickname('  ')).toBe('validation.nicknameEmpty');
    expect(checkNickname('Bob')).toBeUndefined();
  });

  it('uses the spec wordings in English', () => {
    expect(en.validation.codeEmpty).toBe('The verification code is empty!');
    expect(en.validation.account).toBe('The account format is incorrect!');
    expect(en.validation.passwordEmpty).toBe('Password cannot be empty!');
    expect(en.validation.passwordMismatch).toBe('The passwords are inconsistent twice!');
  });
});

describe('maskPhone (spec §5)', () => {
  it('masks the middle four digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('+8613800138000')).toBe('138****8000');
    expect(maskPhone('138****8000')).toBe('138****8000');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(undefined)).toBe('');
    expect(maskPhone('12345')).toBe('12345');
  });
});

describe('isNotRegistered', () => {
  it('recognises the "phone not registered" answer, not a wrong address', async () => {
    const { ErrorCode } = await import('@openvod/contract');
    const { ApiError } = await import('../../lib/api');
    const { isNotRegistered, NOT_FOUND_CODE } = await import('./LoginPage');
    expect(NOT_FOUND_CODE).toBe(ErrorCode.notFound);
    expect(isNotRegistered(new ApiError('not registered', 1004, 400, 'server'))).toBe(true);
    expect(isNotRegistered(new ApiError('Request address error', 1004, 404, 'server'))).toBe(false);
    expect(isNotRegistered(new ApiError('bad code', 1001, 400, 'server'))).toBe(false);
    // Importing the page (antd-mobile and all) takes seconds on a loaded machine.
  }, 30_000);
});

describe('birthday', () => {
  it('round-trips YYYY-MM-DD through the date picker', async () => {
    const { parseBirthday } = await import('./PersonalCenterPage');
    const { localDay } = await import('./launch');
    const d = parseBirthday('1999-12-31');
    expect(d && localDay(d)).toBe('1999-12-31');
    expect(parseBirthday('')).toBeUndefined();
    expect(parseBirthday('31/12/1999')).toBeUndefined();
  }, 30_000);
});
