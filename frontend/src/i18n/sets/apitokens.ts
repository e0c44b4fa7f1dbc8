import { API_TOKEN_SCOPE_LABEL, API_TOKENS_TEXT } from '@store-cloud/contracts';
import { textSet } from '../text-set';

export const API_TOKENS = textSet('apitokens', 'tokens', API_TOKENS_TEXT);
export const API_TOKEN_SCOPES = textSet('apitokens', 'scopes', API_TOKEN_SCOPE_LABEL);

export const API_TOKENS_SETS = [API_TOKENS, API_TOKEN_SCOPES];
