import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

interface Options<R> {
  /** Runs first on success, e.g. to put the answer into the cache. */
  onSuccess?: (result: R, client: QueryClient) => unknown;
  /** Refresh after a failure too: the call may have changed part of what it was asked to. */
  alsoOnError?: boolean;
}

/**
 * The portal's one mutation helper: once the call succeeded (or settled, with alsoOnError) it
 * refreshes the queries under each of `keys`, which come from the features' query factories.
 * Keys may depend on the answer; none for a call that changes nothing cached.
 */
export function useInvalidatingMutation<T, R>(
  keys: readonly QueryKey[] | ((result: R) => readonly QueryKey[]),
  mutationFn: (variables: T) => Promise<R>,
  { onSuccess, alsoOnError = false }: Options<R> = {},
) {
  const queryClient = useQueryClient();
  const invalidate = (result: R | undefined) =>
    Promise.all(
      (typeof keys === 'function' ? (result === undefined ? [] : keys(result)) : keys).map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      await onSuccess?.(result, queryClient);
      if (!alsoOnError) await invalidate(result);
    },
    onSettled: alsoOnError ? (result) => invalidate(result) : undefined,
  });
}
