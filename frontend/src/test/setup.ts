import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetThemeChoice } from '../app/theme/useThemeChoice';
import { initI18n } from '../i18n/i18n';

// Node-environment specs (a real HTTP server) share this setup but have no DOM.
const hasDom = typeof window !== 'undefined';

// Tests run without vitest globals, so testing-library cannot register its own cleanup. Every
// test's stubbed globals (fetch, innerWidth) and session are undone here too.
afterEach(() => {
  vi.unstubAllGlobals();
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
  forgetThemeChoice();
  initI18n('en');
});

// Specs render English, the spec's texts, whatever the machine's language (a spec may switch).
if (hasDom) initI18n('en');

/**
 * jsdom has no matchMedia, which react-bootstrap's responsive offcanvas needs. Width queries are
 * answered against window.innerWidth (jsdom: 1024, a large screen); no other query matches.
 */
if (hasDom && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => {
    const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const width = window.innerWidth;
    // Any other query (prefers-color-scheme, ...) does not match: the defaults of a plain screen.
    const matches =
      Boolean(min || max) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  };
}
