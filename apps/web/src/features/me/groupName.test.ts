import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-us.json';
import ja from '../../locales/ja-jp.json';
import zh from '../../locales/zh-cn.json';
import { groupDisplayName } from './groupName';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en-us',
    lowerCaseLng: true,
    fallbackLng: false,
    load: 'currentOnly',
    resources: { 'en-us': { translation: en }, 'ja-jp': { translation: ja }, 'zh-cn': { translation: zh } },
  });
});

describe('groupDisplayName', () => {
  it('translates the built-in groups while they keep their seeded Chinese names', async () => {
    await i18n.changeLanguage('en-us');
    const t = i18n.t;
    expect(groupDisplayName({ group_id: 1, group_name: '游客' }, t)).toBe('Visitor');
    expect(groupDisplayName({ group_id: 2, group_name: '默认会员' }, t)).toBe('Member');
    expect(groupDisplayName({ group_id: 3, group_name: 'VIP会员' }, t)).toBe('VIP member');
    await i18n.changeLanguage('ja-jp');
    expect(groupDisplayName({ group_id: 2, group_name: '默认会员' }, i18n.t)).toBe('一般会員');
    await i18n.changeLanguage('zh-cn');
    expect(groupDisplayName({ group_id: 3, group_name: 'VIP会员' }, i18n.t)).toBe('VIP会员');
  });

  it('keeps operator-renamed and operator-made groups as written', async () => {
    await i18n.changeLanguage('en-us');
    expect(groupDisplayName({ group_id: 2, group_name: '普通用户' }, i18n.t)).toBe('普通用户');
    expect(groupDisplayName({ group_id: 3, group_name: 'Gold' }, i18n.t)).toBe('Gold');
    // A seeded name on another id is operator data too.
    expect(groupDisplayName({ group_id: 4, group_name: 'VIP会员' }, i18n.t)).toBe('VIP会员');
  });

  it('falls back to "member" without a readable group', async () => {
    await i18n.changeLanguage('en-us');
    expect(groupDisplayName(undefined, i18n.t)).toBe('Member');
    expect(groupDisplayName({ group_id: 2, group_name: '  ' }, i18n.t)).toBe('Member');
  });
});
