export { AppError, fail } from './errors.ts';
export { defineRoute, type RouteConfig, type RateLimitClass } from './route.ts';
export { installHttp, sendEnvelope, BODY_LIMIT } from './install.ts';
export { hookWhere } from './route-hooks.ts';
export { installGate, hookOf, type GateCheck } from './gate.ts';
