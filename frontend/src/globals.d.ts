/** Versions the build injects (vite.config.ts define) for the About dialog. */
declare const __BOOTSTRAP_VERSION__: string;
declare const __REACT_BOOTSTRAP_VERSION__: string;
