import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_CLIENT } from './security.ts';
import {
  decryptBytesAsync,
  decryptPayload,
  decryptPayloadAsync,
  encryptBytes,
  encryptPayload,
  encryptPayloadAsync,
  signRequest,
  signRequestAsync,
} from './crypto.ts';

const secret = DEV_CLIENT.secret;
const body = JSON.stringify({ name: '会员一号', amount: 12.34, note: '😀' });

describe('the seal on WebCrypto and in JavaScript', () => {
  it('[S7-03] each opens what the other sealed, under the same timestamp only', async () => {
    const ts = '1764300000000';
    expect(await decryptPayloadAsync(encryptPayload(body, secret, ts), secret, ts)).toBe(body);
    const native = await encryptPayloadAsync(body, secret, ts);
    expect(decryptPayload(native, secret, ts)).toBe(body);
    // A fresh IV each time: the same body never seals to the same text.
    expect(await encryptPayloadAsync(body, secret, ts)).not.toBe(native);
    await expect(decryptPayloadAsync(native, secret, '1764300000001')).rejects.toThrow();
    await expect(decryptPayloadAsync(native, 'another-secret-0123456789', ts)).rejects.toThrow();
  });

  it('[S7-03] seals bytes as they are (an answer zipped inside the seal), opened natively', async () => {
    const ts = '1764300000000';
    const bytes = Uint8Array.from([0, 255, 1, 254, 128, 7]);
    expect([...(await decryptBytesAsync(encryptBytes(bytes, secret, ts), secret, ts))]).toEqual([...bytes]);
    await expect(decryptBytesAsync(encryptBytes(bytes, secret, ts), secret, '1764300000001')).rejects.toThrow();
  });

  it('[S7-03] a changed byte or a short text is refused', async () => {
    const ts = '1764300000000';
    const bytes = Uint8Array.from(atob(await encryptPayloadAsync(body, secret, ts)), (c) => c.charCodeAt(0));
    bytes[20] ^= 1;
    await expect(decryptPayloadAsync(btoa(String.fromCharCode(...bytes)), secret, ts)).rejects.toThrow();
    await expect(decryptPayloadAsync(btoa('short'), secret, ts)).rejects.toThrow('ciphertext too short');
  });

  it('[S7-02] signs exactly as the JavaScript signature does', async () => {
    for (const [method, path, bodyText] of [
      ['POST', '/api/wallet/transfer', body],
      ['GET', '/api/v2/vvm', ''],
    ]) {
      expect(await signRequestAsync(secret, method, path, '1764300000000', 'abc', bodyText)).toBe(
        signRequest(secret, method, path, '1764300000000', 'abc', bodyText),
      );
    }
  });
});

describe('without WebCrypto (a site served over plain HTTP to another host)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('[S7-03] the JavaScript seal does the work, and the other side still opens it', async () => {
    const ts = '1764300000000';
    const native = await encryptPayloadAsync(body, secret, ts);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    expect(globalThis.crypto.subtle).toBeUndefined();
    const javascript = await encryptPayloadAsync(body, secret, ts);
    expect(await decryptPayloadAsync(native, secret, ts)).toBe(body);
    expect(await decryptPayloadAsync(javascript, secret, ts)).toBe(body);
    expect(await signRequestAsync(secret, 'GET', '/api/v2/vvm', ts, 'abc', '')).toBe(signRequest(secret, 'GET', '/api/v2/vvm', ts, 'abc', ''));
    vi.unstubAllGlobals();
    expect(await decryptPayloadAsync(javascript, secret, ts)).toBe(body);
  });
});
