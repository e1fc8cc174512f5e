import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteConfig } from './route.ts';

type Stage = 'preValidation' | 'preHandler';
type Hook = NonNullable<RouteOptions['preHandler']> extends infer H ? (H extends readonly unknown[] ? H[number] : H) : never;

/**
 * Adds a hook only to the routes whose config asks for it (e.g. `auth`, `idempotent`), so the
 * many routes that do not pay nothing for it.
 */
export function hookWhere(app: FastifyInstance, stage: Stage, wanted: (config: RouteConfig) => boolean, hook: Hook): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!wanted((route.config ?? {}) as RouteConfig)) return;
    const existing = route[stage];
    route[stage] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook] as never;
  });
}
