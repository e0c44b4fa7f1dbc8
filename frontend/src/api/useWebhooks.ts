/** A company's webhooks and their delivery logs (issue 26), on the Webhooks screen. */
import {
  successSchema,
  WEBHOOK_API,
  webhookCreatedSchema,
  webhookDeliverySchema,
  type WebhookInput,
  webhookPath,
  webhookReplayPath,
  webhookSchema,
  webhookTestPath,
  alertTestResultSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { alertsQueries } from './alerts.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const useWebhooks = (companyId: number | undefined) =>
  useQuery(alertsQueries.webhooks(companyId));

export const useWebhookDeliveries = (id: string) => useQuery(alertsQueries.webhookDeliveries(id));

const WEBHOOKS = [alertsQueries.webhooksAll()];

/** Creates a webhook: the answer holds its secret, the only time it is shown. */
export const useCreateWebhook = () =>
  useInvalidatingMutation(WEBHOOKS, (webhook: WebhookInput) =>
    apiRequest(WEBHOOK_API.webhooks, webhookCreatedSchema, { method: 'POST', body: webhook }),
  );

export const useUpdateWebhook = () =>
  useInvalidatingMutation(WEBHOOKS, ({ id, webhook }: { id: string; webhook: WebhookInput }) =>
    apiRequest(webhookPath(id), webhookSchema, { method: 'PUT', body: webhook }),
  );

export const useDeleteWebhook = () =>
  useInvalidatingMutation(WEBHOOKS, (id: string) =>
    apiRequest(webhookPath(id), successSchema, { method: 'DELETE' }),
  );

/** A test goes out through the outbox: its delivery shows in the log once sent. */
export const useTestWebhook = () =>
  useInvalidatingMutation(WEBHOOKS, (id: string) =>
    apiRequest(webhookTestPath(id), alertTestResultSchema, { method: 'POST' }),
  );

export const useReplayDelivery = () =>
  useInvalidatingMutation(WEBHOOKS, ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    apiRequest(webhookReplayPath(id, deliveryId), webhookDeliverySchema, { method: 'POST' }),
  );
