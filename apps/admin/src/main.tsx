import 'antd/dist/reset.css';
import './console.css';
import { localeTag } from '@openvod/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { getLang } from './i18n.ts';

document.documentElement.lang = localeTag(getLang());

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
