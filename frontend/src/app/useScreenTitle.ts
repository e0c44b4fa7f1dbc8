import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { screenTitle } from './screen-titles';

/** Keeps document.title on the current screen's title, so each tab and history entry says which. */
export function useScreenTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = screenTitle(pathname);
  }, [pathname]);
}
