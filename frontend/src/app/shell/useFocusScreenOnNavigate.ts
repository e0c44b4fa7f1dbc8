import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After an in-app navigation, focus moves to the new screen's heading (or the screen itself), so
 * a keyboard or screen-reader user starts on what they opened rather than on the page's <body>
 * (issue 30). The first screen after a load keeps the browser's own start; a screen that already
 * put focus inside itself (an autofocus field) keeps it.
 */
export function useFocusScreenOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // After the screen's first paint, when its heading is there.
    const frame = requestAnimationFrame(() => {
      const screen = main.current;
      if (!screen || screen.contains(document.activeElement)) return;
      const target = screen.querySelector<HTMLElement>('h1') ?? screen;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}
