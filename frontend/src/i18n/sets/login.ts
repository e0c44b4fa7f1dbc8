import { LOGIN_TEXT, SSO_TEXT, TIMEOUT_TEXT } from '@store-cloud/contracts';
import { textSet } from '../text-set';

/** Login, single sign-on's return and the site connection's timeout. */
export const loginTextSet = textSet('login', 'login', LOGIN_TEXT);
export const ssoTextSet = textSet('login', 'sso', SSO_TEXT, { signInWith: ['label'] });
export const timeoutTextSet = textSet('login', 'timeout', TIMEOUT_TEXT);

export const loginSets = [loginTextSet, ssoTextSet, timeoutTextSet];
