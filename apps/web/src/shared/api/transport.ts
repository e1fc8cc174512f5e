import {
  BUILD,
  DEV_CLIENT,
  Headers,
  RQIAB_HEADER,
  SEALED_FIELD,
  SEALED_ZIP,
  SEALED_ZIP_FIELD,
  decryptBytesAsync,
  encryptPayloadAsync,
  isEnvelope,
  newNonce,
  signRequestAsync,
  type Envelope,
} from '@bp/contract';
import { deviceUuid } from '../storage/device.ts';
import { local } from '../storage/local.ts';
import { serverClock } from '../time/server-time.ts';

/**
 * One HTTP exchange of the common path (seed 7): the headers, the signature, the `xx` body sealed
 * under a key mixed with the timestamp, the time-out, and the answer opened with the same
 * timestamp. What the answer means is decided in request.ts.
 */
export const apiSettings = {
  baseUrl: '',
  /** Seal POST bodies into `xx` (seed 7); `VITE_XX=off` builds a site that sends plain JSON. */
  encrypt: import.meta.env?.VITE_XX !== 'off',
  appKey: DEV_CLIENT.appKey,
  appSecret: (import.meta.env?.VITE_H5_APP_SECRET as string | undefined) || DEV_CLIENT.secret,
  siteId: null as string | null,
  fetch: (input: string, init: RequestInit): Promise<Response> => fetch(input, init),
};

export const AGENT_TOKEN_KEY = 'bp.agentToken';
export const RQIAB_KEY = 'bp.rqiab';

export interface Outgoing {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  token: string;
  timeoutMs: number;
  /** The answer is used as it comes (seed 7: /api/v2/vvm is not decrypted). */
  plainAnswer?: boolean;
  headers?: Record<string, string>;
  /** A multipart body (a file upload): sent as it is, signed over an empty body as the server reads it. */
  form?: FormData;
}

export interface Incoming {
  status: number;
  envelope: Envelope<unknown>;
}

/** The exchange did not produce an envelope: no answer in time, no answer, or not an object. */
export class TransportFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    readonly status: number | null,
  ) {
    super(kind);
  }
}

export const platformOf = (userAgent: string): 'h5' | 'pc' => (/Mobile|Android|iPhone|iPad/.test(userAgent) ? 'h5' : 'pc');

function queryString(query: Outgoing['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The headers and body text of a request, signed over exactly the body that is sent. */
export async function prepare(out: Outgoing, timestamp: string, nonce: string): Promise<{ headers: Record<string, string>; bodyText: string }> {
  let bodyText = '';
  if (out.method === 'POST' && !out.form) {
    const plain = JSON.stringify(out.body ?? {});
    bodyText = apiSettings.encrypt ? JSON.stringify({ [SEALED_FIELD]: await encryptPayloadAsync(plain, apiSettings.appSecret, timestamp) }) : plain;
  }
  const headers: Record<string, string> = {
    [Headers.clientType]: 'h5',
    [Headers.uuid]: deviceUuid(),
    [Headers.version]: BUILD.version,
    [Headers.appKey]: apiSettings.appKey,
    [Headers.nonce]: nonce,
    [Headers.timestamp]: timestamp,
    [Headers.signature]: await signRequestAsync(apiSettings.appSecret, out.method, out.path, timestamp, nonce, bodyText),
    [Headers.platform]: platformOf(typeof navigator === 'undefined' ? '' : navigator.userAgent),
    [Headers.language]: 'zh-CN',
    ...out.headers,
  };
  if (out.method === 'POST' && !out.form) headers['content-type'] = 'application/json';
  if (canUnzip()) headers[Headers.sealZip] = SEALED_ZIP;
  if (out.token) headers[Headers.token] = `Bearer ${out.token}`;
  if (apiSettings.siteId) headers[Headers.siteId] = apiSettings.siteId;
  const agentToken = local.get(AGENT_TOKEN_KEY);
  if (agentToken) headers[Headers.agentToken] = agentToken;
  const rqiab = local.get(RQIAB_KEY);
  if (rqiab) headers[RQIAB_HEADER] = rqiab;
  return { headers, bodyText };
}

/** Sends one request and opens its answer; throws TransportFailure when there is no envelope. */
export async function transmit(out: Outgoing): Promise<Incoming> {
  const timestamp = String(serverClock.now());
  // The time allowed runs from the call, the sealing (asynchronous on WebCrypto) included.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), out.timeoutMs);
  let response: Response;
  let text: string;
  try {
    const { headers, bodyText } = await prepare(out, timestamp, newNonce());
    response = await apiSettings.fetch(apiSettings.baseUrl + out.path + queryString(out.query), {
      method: out.method,
      headers,
      body: out.method === 'POST' ? (out.form ?? bodyText) : undefined,
      signal: abort.signal,
    });
    text = await response.text();
  } catch {
    throw new TransportFailure(abort.signal.aborted ? 'timeout' : 'network', null);
  } finally {
    clearTimeout(timer);
  }
  const rqiab = response.headers.get(RQIAB_HEADER);
  if (rqiab) local.set(RQIAB_KEY, rqiab);
  const envelope = await open(text, timestamp, out.plainAnswer === true);
  if (!envelope) throw new TransportFailure('network', response.status);
  return { status: response.status, envelope };
}

/** The envelope inside an answer, unsealing `{xx}` with the request's timestamp; null if there is none. */
export async function open(text: string, timestamp: string, plainAnswer: boolean): Promise<Envelope<unknown> | null> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const answer = value as Record<string, unknown> | null;
  const sealed = answer?.[SEALED_FIELD];
  if (!plainAnswer && typeof sealed === 'string') {
    try {
      const bytes = await decryptBytesAsync(sealed, apiSettings.appSecret, timestamp);
      value = JSON.parse(answer?.[SEALED_ZIP_FIELD] === SEALED_ZIP ? await unzip(bytes) : new TextDecoder().decode(bytes));
    } catch {
      return null;
    }
  }
  return isEnvelope(value) ? { code: value.code, data: value.data ?? null, msg: typeof value.msg === 'string' ? value.msg : '' } : null;
}

/** Sealed answers may come compressed inside the seal where the browser inflates raw DEFLATE natively (SEALED_ZIP_FIELD: Chrome 103, Safari 16.4). */
let unzips: boolean | undefined;
function canUnzip(): boolean {
  if (unzips === undefined) {
    try {
      unzips = typeof DecompressionStream !== 'undefined' && !!new DecompressionStream(SEALED_ZIP);
    } catch {
      unzips = false;
    }
  }
  return unzips;
}

async function unzip(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream(SEALED_ZIP));
  return new Response(stream).text();
}
