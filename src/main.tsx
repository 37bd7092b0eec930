import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/App';
import { SessionContext } from './app/session/SessionContext';
import { createSessionActor } from './app/session/sessionActor';
import { savedLanguage, setLanguage } from './app/i18n/i18n';
import { applyTheme, savedTheme } from './app/theme';
import { takeKioskFromUrl } from './app/kiosk/kioskConfig';
import { loadPublicSettings } from './app/settings/settingsStore';

async function start() {
  // The theme and the language pack are in place before the first paint, so nothing flickers.
  applyTheme(savedTheme());
  if ((await setLanguage(savedLanguage())) !== savedLanguage()) await setLanguage('zh_cn');
  // Kiosk settings leave the URL first; the token is taken next, by the session.
  takeKioskFromUrl();
  // The platform's name and time zone for the login page; a signed-in user's own replace them.
  loadPublicSettings().catch(() => {});
  const session = createSessionActor();
  session.start();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SessionContext.Provider value={session}>
        <App />
      </SessionContext.Provider>
    </StrictMode>,
  );
}

void start();
