import { z } from 'zod';

/** Every answer of the API: `{code, data, msg}`; code 0 is success (seed 7, 8). */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), data, msg: z.string() });

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof (value as { code: unknown }).code === 'number';
}
