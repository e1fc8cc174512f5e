import { useState } from 'react';
import { Errors } from '@bp/contract';
import { ApiError } from './request.ts';

/**
 * A form's calls: busy while one runs; a refusal becomes the form's error, except a closed
 * verification (the member chose to stop). `onRefused` sees each refusal first.
 */
export function useFormCall(onRefused?: (err: ApiError) => void) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      onRefused?.(err);
      if (err.code !== Errors.REQUEST_CLOSED.code) setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
