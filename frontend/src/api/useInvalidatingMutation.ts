import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A mutation that, once it succeeded, refreshes the queries under each of `keys`. */
export function useInvalidatingMutation<T, R>(
  keys: readonly QueryKey[],
  mutationFn: (variables: T) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
