/**
 * The shell's menu (spec §2 Shell): one list for both layouts, header icons on large screens and
 * the side menu on small ones. Each entry is shown per canUse (spec §6); Logout always.
 */
import { canUse, type MenuEntry, type Principal, ROUTES } from '@store-cloud/contracts';
import type { menuLabelsSet } from '../../i18n/sets/common';
import type { TextsOf } from '../../i18n/text-set';

export type MenuItem =
  | { key: MenuEntry; label: string; icon: string; kind: 'link'; to: string }
  | { key: 'about' | 'logout'; label: string; icon: string; kind: 'action' };

/** An entry before it is named: its label is the menu text of its key, in the page's language. */
type Unnamed = DistributiveOmit<MenuItem, 'label'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A screen of the menu: its route is the one named by its key. */
const link = (key: MenuEntry & keyof typeof ROUTES, icon: string): Unnamed => ({
  key,
  icon,
  kind: 'link',
  to: ROUTES[key],
});

const MENU_ITEMS: readonly Unnamed[] = [
  link('home', 'house'),
  link('media', 'images'),
  link('proofOfPlay', 'bar-chart'),
  link('message', 'chat-left-text'),
  link('bulkActions', 'grid-3x3-gap'),
  link('sqlbackup', 'hdd-stack'),
  link('backup', 'database'),
  link('users', 'people'),
  link('companies', 'building'),
  link('status', 'activity'),
  link('audit', 'journal-text'),
  link('alerts', 'bell'),
  link('alertRules', 'sliders'),
  link('webhooks', 'broadcast'),
  link('apiTokens', 'key'),
  { key: 'about', icon: 'info-circle', kind: 'action' },
  link('userProfile', 'person-circle'),
  { key: 'logout', icon: 'box-arrow-right', kind: 'action' },
];

export const visibleMenuItems = (
  user: Principal,
  labels: TextsOf<typeof menuLabelsSet>,
): MenuItem[] =>
  MENU_ITEMS.filter((item) => item.key === 'logout' || canUse(item.key, user)).map(
    (item) => ({ ...item, label: labels[item.key] }) as MenuItem,
  );

/** The administration entries, grouped in the header under one dropdown. */
export const ADMIN_MENU_KEYS: readonly MenuItem['key'][] = [
  'users',
  'companies',
  'status',
  'audit',
  'backup',
  'alertRules',
  'webhooks',
  'apiTokens',
];
export const isAdminItem = (item: MenuItem) => ADMIN_MENU_KEYS.includes(item.key);
