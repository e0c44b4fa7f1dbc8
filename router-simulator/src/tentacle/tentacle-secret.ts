import { createHmac } from 'node:crypto';
import { tentacleSecretMessage } from '@store-cloud/contracts';

/** The store's tentacle secret, derived as the backend derives it (contracts/src/tentacle.ts). */
export const deriveTentacleSecret = (masterSecret: string, companyId: number, storeId: number) =>
  createHmac('sha256', masterSecret)
    .update(tentacleSecretMessage(companyId, storeId))
    .digest('hex');
