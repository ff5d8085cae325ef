import type { UserInfo } from '@openvod/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { displayNameOf, generatedName } from './guestIdentity';
import { maskPhone } from './phone';

const t = ((key: string, o?: { id?: string }) => `${key}:${o?.id ?? ''}`) as unknown as TFunction;
const user = (over: Partial<UserInfo>) => ({ user_nick_name: '', user_phone: '', imei: '', ...over }) as UserInfo;

describe('the name a user is shown by', () => {
  it('made-up names: the server generated ones and device guest names', () => {
    expect(generatedName(user({ user_name: 'u1a2b3c4d5' }), 'abcd1234')).toBe(true);
    expect(generatedName(user({ user_name: 'abcd1234' }), 'abcd1234')).toBe(true);
    expect(generatedName(user({ user_name: '2e42d75d', imei: '2e42d75d00000000' }), 'abcd1234')).toBe(true);
    expect(generatedName(user({ user_name: 'alice' }), 'abcd1234')).toBe(false);
    expect(generatedName(user({ user_name: 'u_alice_99' }), 'abcd1234')).toBe(false);
  });

  it('a member with a phone and a made-up name is shown by the masked phone on every device; a nickname wins', () => {
    const opts = { isGuest: false, deviceGuestName: 'ffff0000', maskPhone, t };
    expect(displayNameOf(user({ user_name: 'u1a2b3c4d5', user_phone: '13812345678' }), opts)).toBe('138****5678');
    expect(
      displayNameOf(user({ user_name: 'u1a2b3c4d5', user_phone: '13812345678', user_nick_name: 'Ann' }), opts),
    ).toBe('Ann');
    expect(displayNameOf(user({ user_name: 'alice', user_phone: '13812345678' }), opts)).toBe('alice');
    expect(displayNameOf(user({ user_name: 'ffff0000' }), { ...opts, isGuest: true })).toBe('me.guestTitle:FFFF');
  });
});
