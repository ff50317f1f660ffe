import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadRuntimeConfig } from './app/config/load-runtime-config.ts';
import './app/styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

function renderStartupError(error: unknown) {
  console.error('Pillar could not start', error);
  root.render(
    <main style={{ padding: 48, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Pillar is unavailable</h1>
      <p>The application settings could not be loaded. Please reload the page in a moment.</p>
    </main>,
  );
}

// The runtime config decides the API hosts and the identity provider, so nothing renders before it.
loadRuntimeConfig()
  .then((config) => {
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch(renderStartupError);
