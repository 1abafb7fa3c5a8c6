// The app's entry: sets up the page, then renders the app into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/pwa/register-service-worker';
import './index.css';

declare global {
  // zod's settings (zod/v4/core/core.js reads them from here).
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// The server sends this page with its CSP's nonce for `<style>` elements (apps/server/src/http/
// app-page.ts). Radix's scroll lock inserts one while a dialog is open and takes it from here.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (styleNonce) setNonce(styleNonce);
// zod tries `new Function` once to learn whether it may compile its parsers; the CSP
// (script-src 'self') refuses, which the browser reports as a violation. Tell it not to try:
// zod keeps its settings in this global, shared by every copy, so the app's first-load bundle
// need not carry zod just to call `z.config({ jitless: true })`.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

initI18n();
// The update prompt's code loads only when a new version is waiting.
registerServiceWorker((worker) => {
  void import('./lib/pwa/update-prompt').then(({ promptUpdate }) => promptUpdate(worker));
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
