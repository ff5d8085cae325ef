import { LANGUAGE_NAMES, localeTag } from '@openvod/contract';
import { App as AntApp, Button, Dropdown } from 'antd';
import { LANGS, useI18n } from './i18n.ts';

/** A globe, 1em, in the colour of the text around it. */
function Globe() {
  return (
    <span className="anticon">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm-2.1 2.3A8 8 0 0 0 4.1 11h3.4c.2-2.5.9-4.8 2.4-6.7zM4.1 13a8 8 0 0 0 5.8 6.7c-1.5-1.9-2.2-4.2-2.4-6.7H4.1zm5.4 0c.2 2.4 1 4.5 2.5 6.3 1.5-1.8 2.3-3.9 2.5-6.3h-5zm5 -2c-.2-2.4-1-4.5-2.5-6.3-1.5 1.8-2.3 3.9-2.5 6.3h5zm2 2c-.2 2.5-.9 4.8-2.4 6.7a8 8 0 0 0 5.8-6.7h-3.4zm3.4-2a8 8 0 0 0-5.8-6.7c1.5 1.9 2.2 4.2 2.4 6.7h3.4z" />
      </svg>
    </span>
  );
}

/**
 * The console's language picker: a button naming the current language, opening the 9 languages each by its own name
 * (the contract's LANGUAGE_NAMES). The button is `data-testid={testId}`, each entry `lang-<locale>` (`lang-ja-jp`); the
 * choice is fetched if need be and remembered (i18n.ts setLang).
 */
export function LanguagePicker({ testId, link = false }: { testId: string; link?: boolean }) {
  const { t, lang, setLang } = useI18n();
  const { message } = AntApp.useApp();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({
          key: l,
          label: (
            <span lang={localeTag(l)} data-testid={`lang-${l}`}>
              {LANGUAGE_NAMES[l]}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          const next = LANGS.find((l) => l === key);
          // The language's messages are fetched first; without a network the console stays as it is and says so.
          if (next) setLang(next).catch(() => message.error?.(t('common.networkError')));
        },
      }}
    >
      <Button
        size="small"
        type={link ? 'link' : 'default'}
        icon={<Globe />}
        autoInsertSpace={false}
        aria-label={t('nav.language')}
        title={t('nav.language')}
        data-testid={testId}
      >
        <span lang={localeTag(lang)}>{LANGUAGE_NAMES[lang]}</span>
      </Button>
    </Dropdown>
  );
}
