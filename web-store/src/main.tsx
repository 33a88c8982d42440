import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loginUrlReturningTo } from './api/authLoss';
import { configureApiClient } from './api/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { currentLanguage } from './i18n/i18n';
import { LOGIN_PATH } from './routes/routeTable';

const router = createAppRouter();

configureApiClient({
  language: currentLanguage,
  onSessionEnded: () => {
    const { pathname, search } = router.state.location;
    if (pathname === LOGIN_PATH) return;
    void router.navigate(loginUrlReturningTo(pathname + search));
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
