import { describe, expect, it } from 'vitest';
import { desEcbDecrypt, desEcbDecryptBytes, desEcbEncrypt, desEcbEncryptBytes } from './des.ts';

describe('DES-ECB (encrypt_data)', () => {
  it('matches the classic single-block test vector', () => {
    // Key 133457799BBCDFF1, plaintext 0123456789ABCDEF -> 85E813540F0AB405 (the worked example of DES).
    const key = Buffer.from('133457799BBCDFF1', 'hex');
    const out = desEcbEncryptBytes(Buffer.from('0123456789ABCDEF', 'hex'), key);
    // PKCS#7 adds a full padding block after an 8-byte input.
    expect(out.length).toBe(16);
    expect(out.subarray(0, 8).toString('hex')).toBe('85e813540f0ab405');
  });

  it('matches the FIPS 81 ECB example ("Now is the time for all ")', () => {
    const key = Buffer.from('0123456789abcdef', 'hex');
    const out = desEcbEncryptBytes(Buffer.from('Now is the time for all ', 'ascii'), key);
    expect(out.subarray(0, 24).toString('hex')).toBe('3fa40e8a984d48156a271787ab8883f9893d51ec4b563b53');
    expect(desEcbDecryptBytes(out, key).toString('ascii')).toBe('Now is the time for all ');
  });

  it('round-trips UTF-8 JSON with a text key and pads to 8-byte blocks', () => {
    const text = JSON.stringify({ phone: '13800138000', code: '123456', 名字: '测试' });
    const b64 = desEcbEncrypt(text, 'k3y-8byt');
    expect(Buffer.from(b64, 'base64').length % 8).toBe(0);
    expect(desEcbDecrypt(b64, 'k3y-8byt')).toBe(text);
  });

  it('refuses a key that is not 8 bytes and ciphertext under another key', () => {
    expect(() => desEcbEncrypt('x', 'short')).toThrow(/8 bytes/);
    const b64 = desEcbEncrypt('hello world', 'abcdefgh');
    expect(() => desEcbDecrypt(b64, 'zzzzzzzz')).toThrow();
    expect(() => desEcbDecrypt('abc', 'abcdefgh')).toThrow(/multiple of 8/);
  });
});
