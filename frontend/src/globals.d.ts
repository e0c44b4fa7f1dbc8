/** Versions the build injects (vite.config.ts define) for the About dialog. */
declare const __BOOTSTRAP_VERSION__: string;
declare const __REACT_BOOTSTRAP_VERSION__: string;
/** The function frame's back-office hosts (vite.config.ts BOS_HOSTS). */
declare const __BOS_HOSTS__: { bos1: string; bos2: string; bos3: string };
