import 'i18next';
import type messages from '../locales/zh-cn.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof messages };
    returnNull: false;
  }
}
