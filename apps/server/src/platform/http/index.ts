export { AppError, fail } from './errors.ts';
export { defineRoute, routesOf, routeOf, OPERATOR_PREFIX, type RouteConfig, type MemberRequest, type RateLimitClass } from './route.ts';
export { installHttp, sendEnvelope, HTTP_OPTIONS, JSON_TYPE } from './install.ts';
export { installProxyTrust, proxyTrust } from './proxy.ts';
export { installCompression, COMPRESS_ABOVE_BYTES } from './compression.ts';
export { serveBundledAssets, IMMUTABLE_CACHE } from './bundled-assets.ts';
export { hookWhere } from './route-hooks.ts';
export { installGate, hookOf, type GateCheck } from './gate.ts';
export { lazyRequestLogger } from './request-logger.ts';
