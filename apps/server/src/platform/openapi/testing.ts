const COMPONENTS = '#/components/schemas/';

/**
 * The document with each reference to a component schema replaced by that schema, for tests that
 * read a call's fields. The contract's entities hold no cycle, so this ends.
 */
export function withSchemasInline<T>(document: T & { components?: { schemas?: Record<string, unknown> } }): T {
  const schemas = document.components?.schemas ?? {};
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (typeof value !== 'object' || value === null) return value;
    const { $ref, ...rest } = value as Record<string, unknown>;
    if (typeof $ref === 'string' && $ref.startsWith(COMPONENTS)) return inline({ ...(schemas[$ref.slice(COMPONENTS.length)] as object), ...rest });
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, inline(field)]));
  };
  return inline(document) as T;
}
