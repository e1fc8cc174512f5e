import { z } from 'zod';
import * as contract from '@bp/contract';

/** A JSON Schema as OpenAPI 3.0 writes it. */
export type JsonSchema = { [key: string]: unknown };

/** Which side of a call a schema describes: what a client sends (defaults optional) or what it receives. */
export type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';
/** Where zod's OpenAPI 3.0 target puts the schemas it extracts. */
const DEFINITIONS = '#/definitions/';
/** A reference to an entity on one side, until the document is whole and its components are named. */
const PENDING = /"#\/components\/schemas\/([A-Za-z0-9_]+)~(input|output)"/g;

/**
 * The contract's entities: each object, list and enum it names is documented once, as a component
 * of that name (of its first name, in alphabetical order, when it has two).
 */
function namedSchemas(): Map<string, z.ZodType> {
  const named = new Map<string, z.ZodType>();
  const seen = new Set<unknown>();
  for (const [name, value] of Object.entries(contract)) {
    if (seen.has(value) || !(value instanceof z.ZodObject || value instanceof z.ZodArray || value instanceof z.ZodEnum)) continue;
    seen.add(value);
    named.set(name, value);
  }
  return named;
}

type Definitions = Record<string, JsonSchema>;

const convert = (schema: z.ZodType, io: Io, ids: z.core.$ZodRegistry<{ id: string }>) =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any', metadata: ids }) as JsonSchema & { definitions?: Definitions };

/** The definitions' references, pointed at the side's pending component. */
const pointed = (schema: JsonSchema, io: Io): JsonSchema =>
  JSON.parse(JSON.stringify(schema), (key, value) =>
    key === '$ref' && typeof value === 'string' && value.startsWith(DEFINITIONS) ? `${COMPONENTS}${value.slice(DEFINITIONS.length)}~${io}` : value,
  );

/**
 * zod writes a nullable entity as `{nullable: true, allOf: [{$ref}]}`, and a nullable choice of
 * entities as `{nullable: true, oneOf: [{$ref}, ...]}`; OpenAPI 3.0 reads `nullable` only beside a
 * `type`, so the entities' type (when they share one) is written there too.
 */
function typedNullable(value: JsonSchema, schemas: Definitions): JsonSchema {
  if (value?.nullable !== true || value.type !== undefined) return value;
  const choices = Array.isArray(value.allOf) && value.allOf.length === 1 ? value.allOf : Array.isArray(value.oneOf) ? value.oneOf : null;
  if (!choices) return value;
  const types = new Set(
    (choices as JsonSchema[]).map((choice) => (typeof choice.$ref === 'string' ? schemas[choice.$ref.slice(COMPONENTS.length)]?.type : choice.type)),
  );
  const [type] = types;
  return types.size === 1 && type !== undefined ? { type, ...value } : value;
}

/**
 * The OpenAPI schemas of one document: a route's schema refers to the contract's entities, which
 * become components named as the contract names them. An entity sent in one call and received in
 * another, in forms that differ (a field with a default may be left out when sent), has its sent
 * form named `<name>Input`.
 */
export function documentSchemas(named: ReadonlyMap<string, z.ZodType> = namedSchemas()) {
  const ids = z.registry<{ id: string }>();
  for (const [id, schema] of named) ids.add(schema, { id });
  const used: Record<Io, Definitions> = { input: {}, output: {} };

  // Whether an entity's sent form differs from its received one, itself or in an entity it holds.
  const sides = new Map<string, boolean>();
  const sidesDiffer = (id: string): boolean => {
    let differ = sides.get(id);
    if (differ !== undefined) return differ;
    sides.set(id, false); // an entity holding itself: its other fields decide
    const [input, output] = [JSON.stringify(used.input[id]), JSON.stringify(used.output[id])].map((text) =>
      text.replaceAll('~input"', '"').replaceAll('~output"', '"'),
    );
    const held = [...output.matchAll(/"#\/components\/schemas\/([A-Za-z0-9_]+)"/g)].map(([, child]) => child);
    differ = input !== output || held.some((child) => used.input[child] !== undefined && sidesDiffer(child));
    sides.set(id, differ);
    return differ;
  };
  const nameOf = (id: string, io: Io): string => {
    if (io === 'output' || !used.output[id] || !sidesDiffer(id)) return id;
    if (named.has(`${id}Input`)) throw new Error(`the contract names both ${id} and ${id}Input: the sent form of ${id} needs another name`);
    return `${id}Input`;
  };

  return {
    /**
     * A route's schema, its entities as references. `inline`: the schema itself even when it is an
     * entity (parameters are listed one by one, so a query cannot be a reference).
     */
    of(schema: z.ZodType, io: Io, inline = false): JsonSchema {
      const { definitions = {}, ...root } = convert(schema, io, ids);
      const rootId = inline && typeof root.$ref === 'string' ? root.$ref.slice(DEFINITIONS.length) : null;
      for (const [id, definition] of Object.entries(definitions)) {
        if (id !== rootId) used[io][id] ??= pointed(definition, io);
      }
      return pointed(rootId ? definitions[rootId] : root, io);
    },
    /** The whole document with its entities as components, every reference to one under its final name. */
    complete<T extends { components?: { schemas?: Definitions } }>(document: T): T & { components: { schemas: Definitions } } {
      const schemas: Definitions = { ...document.components?.schemas };
      for (const io of ['output', 'input'] as const) {
        for (const [id, definition] of Object.entries(used[io])) schemas[nameOf(id, io)] ??= definition;
      }
      const whole = { ...document, components: { ...document.components, schemas } };
      const text = JSON.stringify(whole).replace(PENDING, (_, id: string, io: Io) => `"${COMPONENTS}${nameOf(id, io)}"`);
      return JSON.parse(text, (_key, value: JsonSchema) => typedNullable(value, schemas));
    },
  };
}
