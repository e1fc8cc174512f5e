import { useCallback, useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * A form checked by a zod schema of the contract's rules as the member types. The schema may
 * change between renders (a site setting read later, a step that asks for a code): the latest is
 * used, where react-hook-form would keep the first resolver.
 */
export function useRulesForm<F extends FieldValues>(schema: z.ZodType<F, F>, defaultValues: DefaultValues<F>) {
  const latest = useRef(schema);
  useEffect(() => {
    latest.current = schema;
  });
  const resolver = useCallback<Resolver<F>>((values, context, options) => zodResolver(latest.current)(values, context, options), []);
  return useForm<F>({ mode: 'onChange', resolver, defaultValues });
}
