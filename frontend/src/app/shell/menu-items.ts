/**
 * The shell's menu (spec §2 Shell): one list for both layouts, header icons on large screens and
 * the side menu on small ones. Each entry is shown per canUse (spec §6); Logout always.
 */
import {
  canUse,
  MENU_LABELS,
  type MenuEntry,
  type Principal,
  ROUTES,
} from '@store-cloud/contracts';

export type MenuItem =
  | { key: MenuEntry; label: string; icon: string; kind: 'link'; to: string }
  | { key: 'about' | 'logout'; label: string; icon: string; kind: 'action' };

const MENU_ITEMS: readonly MenuItem[] = [
  { key: 'home', label: MENU_LABELS.home, icon: 'house', kind: 'link', to: ROUTES.home },
  { key: 'media', label: MENU_LABELS.media, icon: 'images', kind: 'link', to: ROUTES.media },
  {
    key: 'message',
    label: MENU_LABELS.message,
    icon: 'chat-left-text',
    kind: 'link',
    to: ROUTES.message,
  },
  {
    key: 'sqlbackup',
    label: MENU_LABELS.sqlbackup,
    icon: 'hdd-stack',
    kind: 'link',
    to: ROUTES.sqlbackup,
  },
  { key: 'backup', label: MENU_LABELS.backup, icon: 'database', kind: 'link', to: ROUTES.backup },
  { key: 'users', label: MENU_LABELS.users, icon: 'people', kind: 'link', to: ROUTES.users },
  {
    key: 'companies',
    label: MENU_LABELS.companies,
    icon: 'building',
    kind: 'link',
    to: ROUTES.companies,
  },
  { key: 'status', label: MENU_LABELS.status, icon: 'activity', kind: 'link', to: ROUTES.status },
  { key: 'audit', label: MENU_LABELS.audit, icon: 'journal-text', kind: 'link', to: ROUTES.audit },
  { key: 'alerts', label: MENU_LABELS.alerts, icon: 'bell', kind: 'link', to: ROUTES.alerts },
  {
    key: 'alertRules',
    label: MENU_LABELS.alertRules,
    icon: 'sliders',
    kind: 'link',
    to: ROUTES.alertRules,
  },
  {
    key: 'webhooks',
    label: MENU_LABELS.webhooks,
    icon: 'broadcast',
    kind: 'link',
    to: ROUTES.webhooks,
  },
  {
    key: 'apiTokens',
    label: MENU_LABELS.apiTokens,
    icon: 'key',
    kind: 'link',
    to: ROUTES.apiTokens,
  },
  { key: 'about', label: MENU_LABELS.about, icon: 'info-circle', kind: 'action' },
  {
    key: 'userProfile',
    label: MENU_LABELS.userProfile,
    icon: 'person-circle',
    kind: 'link',
    to: ROUTES.userProfile,
  },
  { key: 'logout', label: MENU_LABELS.logout, icon: 'box-arrow-right', kind: 'action' },
];

export const visibleMenuItems = (user: Principal): MenuItem[] =>
  MENU_ITEMS.filter((item) => item.key === 'logout' || canUse(item.key, user));

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
