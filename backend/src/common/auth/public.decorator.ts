import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'isPublic';

/** Opens a route to callers without an access token (the global JWT guard skips it). */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);
