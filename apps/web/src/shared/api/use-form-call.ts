import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Errors } from '@bp/contract';
import { ApiError } from './request.ts';

/**
 * A form's calls, as one mutation: busy while one runs; a refusal becomes the form's error, except
 * a closed verification (the member chose to stop). `onRefused` sees each refusal first. Once a
 * call went through, the queries it changed (`invalidates`) are read again.
 */
export function useFormCall(onRefused?: (err: ApiError) => void, invalidates: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const mutation = useMutation({
    mutationFn: (work: () => Promise<void>) => work(),
    onSuccess: () => invalidates.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey })),
  });
  const run = async (work: () => Promise<void>) => {
    setError('');
    try {
      await mutation.mutateAsync(work);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      onRefused?.(err);
      if (err.code !== Errors.REQUEST_CLOSED.code) setError(err.message);
    }
  };
  return { error, setError, busy: mutation.isPending, run };
}
