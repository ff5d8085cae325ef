import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { credentialProblem, PASSWORD_RULE, USER_NAME_RULE } from './accounts.ts';
import { guestCredentials, sha256Hex, utf8 } from './guest.ts';

const nodeSha = (b: string | Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('sha256Hex', () => {
  it('gives the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches node:crypto on every length around the block boundaries and on random bytes', () => {
    for (let n = 0; n <= 200; n++) {
      const s = 'x'.repeat(n);
      expect(sha256Hex(s), `length ${n}`).toBe(nodeSha(s));
    }
    for (let i = 0; i < 50; i++) {
      const bytes = new Uint8Array(randomBytes(1 + ((i * 37) % 700)));
      expect(sha256Hex(bytes)).toBe(nodeSha(bytes));
    }
  });

  it('encodes text as UTF-8, astral characters and lone surrogates included', () => {
    for (const s of ['设备-甲', 'émoji 🎬🍿', 'ключ', '\ud800x', 'a\u0000b']) {
      expect(Buffer.from(utf8(s)).equals(Buffer.from(s, 'utf8'))).toBe(true);
      expect(sha256Hex(s)).toBe(nodeSha(Buffer.from(s, 'utf8')));
    }
  });
});

describe('guestCredentials', () => {
  it('derives the name (8 hex), imei (16 hex) and a password that passes the rules', () => {
    const deviceId = 'c0ffee00-1234-4abc-9def-0123456789ab';
    const hash = nodeSha(deviceId);
    const g = guestCredentials(deviceId);
    expect(g.user_name).toBe(hash.slice(0, 8));
    expect(g.imei).toBe(hash.slice(0, 16));
    expect(g.user_pwd).toBe(`d${nodeSha(`${deviceId}:pwd`).slice(0, 15)}1`);
    expect(g.user_name).toMatch(/^[0-9a-f]{8}$/);
    expect(USER_NAME_RULE.test(g.user_name)).toBe(true);
    expect(PASSWORD_RULE.test(g.user_pwd)).toBe(true);
    expect(credentialProblem({ user_name: g.user_name, user_pwd: g.user_pwd, user_pwd2: g.user_pwd })).toBeNull();
    expect(guestCredentials(deviceId)).toEqual(g);
    expect(guestCredentials(`${deviceId}x`).user_name).not.toBe(g.user_name);
  });

  it('passes the password rule for any device id (a letter and a digit are always there)', () => {
    for (let i = 0; i < 200; i++) expect(PASSWORD_RULE.test(guestCredentials(`dev-${i}`).user_pwd)).toBe(true);
  });
});

describe('credentialProblem (spec §5, in the spec order)', () => {
  it('names the first rule a registration breaks', () => {
    expect(credentialProblem({ user_name: 'a b', user_pwd: '', user_pwd2: '' })).toBe('account_format');
    expect(credentialProblem({ user_name: '', user_pwd: 'abc123', user_pwd2: 'abc123' })).toBe('account_format');
    expect(credentialProblem({ user_name: 'deleted_12', user_pwd: 'abc123', user_pwd2: 'abc123' })).toBe(
      'account_format',
    );
    expect(credentialProblem({ user_name: 'alice', user_pwd: '', user_pwd2: '' })).toBe('password_empty');
    expect(credentialProblem({ user_name: 'alice', user_pwd: 'abcdef', user_pwd2: 'abcdef' })).toBe('password_rule');
    expect(credentialProblem({ user_name: 'alice', user_pwd: '123456', user_pwd2: '123456' })).toBe('password_rule');
    expect(credentialProblem({ user_name: 'alice', user_pwd: 'ab12', user_pwd2: 'ab12' })).toBe('password_rule');
    expect(credentialProblem({ user_name: 'alice', user_pwd: 'abc123', user_pwd2: 'abc124' })).toBe(
      'password_mismatch',
    );
    expect(credentialProblem({ user_name: 'alice', user_pwd: 'abc123', user_pwd2: 'abc123' })).toBeNull();
  });

  it('for a login, checks only the account and that a password was typed', () => {
    expect(credentialProblem({ user_name: '', user_pwd: 'x' }, 'login')).toBe('account_format');
    expect(credentialProblem({ user_name: 'alice', user_pwd: '' }, 'login')).toBe('password_empty');
    expect(credentialProblem({ user_name: 'alice', user_pwd: 'short' }, 'login')).toBeNull();
    expect(credentialProblem({ user_name: 'alice', user_pwd: 'abc123', user_pwd2: 'abc999' }, 'login')).toBe(
      'password_mismatch',
    );
  });
});
