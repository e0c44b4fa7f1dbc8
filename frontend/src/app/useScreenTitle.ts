import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLanguage } from '../i18n/useLanguage';
import { screenTitle } from './screen-titles';

/**
 * Keeps document.title on the current screen's title (in the page's language), so each tab and
 * history entry says which.
 */
export function useScreenTitle() {
  const { pathname } = useLocation();
  const { language } = useLanguage();
  useEffect(() => {
    document.title = screenTitle(pathname);
  }, [pathname, language]);
}
