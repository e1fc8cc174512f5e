import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

/**
 * Answers are written by fast-json-stringify from the JSON Schema of each route's zod schema:
 * only the declared fields leave the server, and far faster than validating and stringifying.
 * Under test the answer is also parsed by zod first, so a handler that drifts from its contract fails.
 */
const checkContract = process.env.VITEST === 'true' || process.env.CONTRACT_CHECK === 'on';

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  if (!checkContract) return (data) => stringify(data);
  return (data) => {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new Error(`answer does not match its contract: ${parsed.error.message}`);
    return stringify(data);
  };
};
