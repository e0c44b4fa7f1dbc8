import { TOAST_TIMEOUT_MS } from '@store-cloud/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { ApiError } from '../api/api-error';
import { useAppliedTheme } from './theme/useThemeChoice';

/** Client errors (4xx) will not change on retry; network and 5xx failures get one more try. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/**
 * Server state, toasts (bottom right, spec §9) and the theme for the whole portal; the router
 * (a data router, main.tsx) goes inside.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useAppliedTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="bottom-right" autoClose={TOAST_TIMEOUT_MS} newestOnTop />
    </QueryClientProvider>
  );
}
