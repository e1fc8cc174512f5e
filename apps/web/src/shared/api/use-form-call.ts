import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Errors } from '@bp/contract';
import type { ApiError } from './request.ts';
import { useAction } from './use-action.ts';

/**
 * A form's calls, as one action: busy while one runs; a refusal becomes the form's error, except
 * a closed verification (the member chose to stop). `onRefused` sees each refusal first. Once a
 * call went through, the queries it changed (`invalidates`) are read again.
 */
export function useFormCall(onRefused?: (err: ApiError) => void, invalidates: readonly QueryKey[] = []) {
  const [error, setError] = useState('');
  const action = useAction((work: () => Promise<void>) => work(), {
    invalidates,
    refused: (err) => {
      onRefused?.(err);
      if (err.code !== Errors.REQUEST_CLOSED.code) setError(err.message);
    },
  });
  const run = async (work: () => Promise<void>): Promise<void> => {
    if (action.busy) return;
    setError('');
    await action.run(work);
  };
  return { error, setError, busy: action.busy, run };
}
