/** A company's webhooks and their delivery logs (issue 26), on the Webhooks screen. */
import {
  successSchema,
  WEBHOOK_API,
  webhookCreatedSchema,
  webhookDeliveriesPath,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  type WebhookInput,
  webhookListSchema,
  webhookPath,
  webhookReplayPath,
  webhookSchema,
  webhookTestPath,
  alertTestResultSchema,
} from '@store-cloud/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

const KEY = ['portal', 'webhooks'] as const;

export const webhooksQuery = (companyId: number | undefined) =>
  queryOptions({
    queryKey: [...KEY, 'list', companyId] as const,
    queryFn: ({ signal }) =>
      apiRequest(WEBHOOK_API.webhooks, webhookListSchema, {
        signal,
        query: { companyId: companyId ?? 0 },
      }),
    enabled: companyId !== undefined,
  });

export const useWebhooks = (companyId: number | undefined) => useQuery(webhooksQuery(companyId));

export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'deliveries', id] as const,
    queryFn: ({ signal }) =>
      apiRequest(webhookDeliveriesPath(id), webhookDeliveryListSchema, { signal }),
  });

export const useWebhookDeliveries = (id: string) => useQuery(webhookDeliveriesQuery(id));

/** Creates a webhook: the answer holds its secret, the only time it is shown. */
export const useCreateWebhook = () =>
  useInvalidatingMutation([KEY], (webhook: WebhookInput) =>
    apiRequest(WEBHOOK_API.webhooks, webhookCreatedSchema, { method: 'POST', body: webhook }),
  );

export const useUpdateWebhook = () =>
  useInvalidatingMutation([KEY], ({ id, webhook }: { id: string; webhook: WebhookInput }) =>
    apiRequest(webhookPath(id), webhookSchema, { method: 'PUT', body: webhook }),
  );

export const useDeleteWebhook = () =>
  useInvalidatingMutation([KEY], (id: string) =>
    apiRequest(webhookPath(id), successSchema, { method: 'DELETE' }),
  );

/** A test goes out through the outbox: its delivery shows in the log once sent. */
export const useTestWebhook = () =>
  useInvalidatingMutation([KEY], (id: string) =>
    apiRequest(webhookTestPath(id), alertTestResultSchema, { method: 'POST' }),
  );

export const useReplayDelivery = () =>
  useInvalidatingMutation([KEY], ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    apiRequest(webhookReplayPath(id, deliveryId), webhookDeliverySchema, { method: 'POST' }),
  );
