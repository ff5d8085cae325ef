import 'antd/dist/reset.css';
import './console.css';
import { localeTag } from '@openvod/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { getLang, loadLang } from './i18n.ts';

document.documentElement.lang = localeTag(getLang());

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// The stored language's messages first (their own chunk, i18n.ts); without them (no network) the console starts in
// zh-cn, the bundled language.
void loadLang(getLang())
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
