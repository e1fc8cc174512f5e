import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './request.ts';

export interface ActionOptions<R> {
  /** Each refusal of the server; anything else is a fault and is thrown on. */
  refused?(err: ApiError): void;
  /** Once it went through, before the changed queries are read again. */
  done?(answer: R): void;
  /** The queries it changes, read again once it went through. */
  invalidates?: readonly QueryKey[];
}

/**
 * One action of a screen (a save, an upload, a money move) as a TanStack mutation: busy while it
 * runs, a second tap meanwhile ignored. `run` answers the server's answer, or null when the server
 * refused (the refusal goes to `refused`) or the action was already running.
 */
export function useAction<V, R>(send: (input: V) => Promise<R>, { refused, done, invalidates = [] }: ActionOptions<R> = {}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      done?.(answer);
      invalidates.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    },
  });
  const run = async (input: V): Promise<R | null> => {
    if (mutation.isPending) return null;
    try {
      return await mutation.mutateAsync(input);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      refused?.(err);
      return null;
    }
  };
  return { run, busy: mutation.isPending };
}
