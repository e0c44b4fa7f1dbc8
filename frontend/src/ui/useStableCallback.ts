import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function of the same identity for the component's whole life that calls the latest `fn`. A
 * screen's handler, made anew on each render, keeps memoised rows from re-rendering (issue 30:
 * every row of 18,000 stores re-rendered on each live status batch). For event handlers only: it
 * must not be called during render.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R) {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
