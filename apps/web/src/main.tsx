import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/App';
import { initI18n } from './lib/i18n';
import { currentLocale } from './lib/settings';

async function start() {
  document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');
  await initI18n(currentLocale());
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
