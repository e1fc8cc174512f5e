/**
 * The request headers of the seed's common path (section 7). The seed says the real names are
 * remapped; these are ours, the same on server and web.
 */
export const Headers = {
  clientType: 'x-client-type',
  siteId: 'x-site-id',
  token: 'authorization',
  agentToken: 'x-agent-token',
  uuid: 'x-uuid',
  version: 'x-version',
  appKey: 'x-app-key',
  nonce: 'x-nonce',
  signature: 'x-sign',
  timestamp: 'x-timestamp',
  platform: 'x-platform',
  language: 'x-lang',
  idempotencyKey: 'idempotency-key',
  /** The need-safe verification result, sent again with the original request. */
  verifyTicket: 'x-verify-ticket',
  /** `deflate-raw`: the client opens sealed answers compressed inside the seal (SEALED_ZIP_FIELD). */
  sealZip: 'x-xx-zip',
} as const;

/** Response header whose value the client keeps as a token (seed 7, /api/gw/ic/verify). */
export const RQIAB_HEADER = 'rqiab';
