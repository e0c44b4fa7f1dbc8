/** User types and their ranks (DESIGN §3): the rank for "at or below my own" is typeId. */

export const USER_TYPE = {
  TLM: 'TLM',
  BASIC: 'BASIC',
  SUPPORT_ADMIN: 'SUPPORT-ADMIN',
  ADMIN: 'ADMIN',
  SUPER_ADMIN: 'SUPER-ADMIN',
} as const;
export type UserTypeName = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export interface UserType {
  typeId: number;
  name: UserTypeName;
}

export const USER_TYPES: readonly UserType[] = [
  { typeId: 0, name: USER_TYPE.TLM },
  { typeId: 1, name: USER_TYPE.BASIC },
  { typeId: 2, name: USER_TYPE.SUPPORT_ADMIN },
  { typeId: 3, name: USER_TYPE.ADMIN },
  { typeId: 4, name: USER_TYPE.SUPER_ADMIN },
];

export const USER_TYPE_NAMES = USER_TYPES.map((t) => t.name) as [UserTypeName, ...UserTypeName[]];

/** TLM exists but is never offered in a picker. */
export const OFFERED_USER_TYPES = USER_TYPES.filter((t) => t.name !== USER_TYPE.TLM);

export const userTypeRank = (name: string): number =>
  USER_TYPES.find((t) => t.name === name)?.typeId ?? -1;

/**
 * The platform's own service users (e.g. the media scheduler) have user names in this domain:
 * nobody can sign in as them, administrators neither see nor edit them, and no person's account
 * may take such a name.
 */
export const SYSTEM_USER_DOMAIN = 'storecloud.system';
export const isSystemUsername = (username: string): boolean =>
  username.toLowerCase().endsWith(`@${SYSTEM_USER_DOMAIN}`);
export const SYSTEM_USER_TEXT = {
  reserved: `User names @${SYSTEM_USER_DOMAIN} are reserved for the platform's own service users`,
} as const;
