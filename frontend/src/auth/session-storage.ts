/**
 * The portal's session in localStorage: the access token (key 'token', fixed by the brief) and
 * the active store. Changes are broadcast so that every mounted view re-reads them, including
 * changes made in another tab.
 */
import { z } from 'zod';

export const STORAGE_KEY = {
  token: 'token',
  activeStore: 'activeStore',
  /** The site token of the connected store (DESIGN §2.3); it goes with the active store. */
  siteToken: 'siteToken',
} as const;

/** What the header shows of the connected site. */
const activeSiteSchema = z.object({
  companyId: z.number(),
  companyName: z.string(),
  storeId: z.number(),
  storeName: z.string(),
  /** The store id the store's own systems use (spec §3 installed), when it differs. */
  installedStoreId: z.number().optional(),
});
export type ActiveSite = z.infer<typeof activeSiteSchema>;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export const readToken = (): string | null => localStorage.getItem(STORAGE_KEY.token);

export function storeToken(token: string): void {
  localStorage.setItem(STORAGE_KEY.token, token);
  notify();
}

export const readActiveSiteRaw = (): string | null => localStorage.getItem(STORAGE_KEY.activeStore);

export function parseActiveSite(raw: string | null): ActiveSite | null {
  if (!raw) return null;
  try {
    const parsed = activeSiteSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeActiveSite(site: ActiveSite): void {
  localStorage.setItem(STORAGE_KEY.activeStore, JSON.stringify(site));
  notify();
}

export const readSiteToken = (): string | null => localStorage.getItem(STORAGE_KEY.siteToken);

export function storeSiteToken(token: string): void {
  localStorage.setItem(STORAGE_KEY.siteToken, token);
  notify();
}

/** Leaving a store (spec §4): the site token and the active store go, the portal login stays. */
export function clearActiveStore(): void {
  localStorage.removeItem(STORAGE_KEY.siteToken);
  localStorage.removeItem(STORAGE_KEY.activeStore);
  notify();
}

/** Logout (spec §2 Shell): forget the active store and the token. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEY.activeStore);
  localStorage.removeItem(STORAGE_KEY.siteToken);
  localStorage.removeItem(STORAGE_KEY.token);
  notify();
}
