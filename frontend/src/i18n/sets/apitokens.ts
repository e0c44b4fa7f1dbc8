import { API_TOKEN_SCOPE_LABEL, API_TOKENS_TEXT } from '@store-cloud/contracts';
import { textSet } from '../text-set';

export const apiTokensTextSet = textSet('apitokens', 'tokens', API_TOKENS_TEXT);
export const apiTokenScopeLabelSet = textSet('apitokens', 'scopes', API_TOKEN_SCOPE_LABEL);

export const apiTokensSets = [apiTokensTextSet, apiTokenScopeLabelSet];
