import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import './app/portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { initI18n } from './i18n/i18n';
import {
  applyTheme,
  readThemeChoice,
  resolveTheme,
  systemPrefersDark,
} from './app/theme/theme-choice';

// Before the first paint, so a dark page never flashes light.
applyTheme(resolveTheme(readThemeChoice(window.localStorage), systemPrefersDark()));
// The chosen language (or the browser's) before the first render: no screen shows another first.
initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A data router, so a screen with unsaved edits can hold a navigation (useBlocker, issue 30);
// the routes themselves stay one <Routes> tree under its single splat route.
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
