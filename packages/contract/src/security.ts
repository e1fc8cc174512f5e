/**
 * Request protection shared by server and web (seed 7: signed requests, `xx` bodies).
 *
 * DEV_CLIENT is the SANDBOX client key: the app key `h5` every site gets out of the box, with a
 * secret that is public by construction (it ships in this repository and in the web bundle). It
 * proves nothing about who calls; it lets the site sign and encrypt exactly as a real client does.
 * An operator sets `H5_APP_SECRET` on the server (and builds the web app with the same value) to
 * replace it.
 */
export const DEV_CLIENT = { appKey: 'h5', secret: 'sandbox-h5-secret-change-me-in-production' } as const;

/** A signed request's timestamp (epoch ms) may differ from the server's clock by this much, either way. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** Site config keys an operator uses to tighten protection per site ('1' = on). */
export const SecurityConfigKeys = {
  requireSignature: 'require_signature',
  requireEncryption: 'require_encryption',
} as const;

/** The field of an encrypted body: `{"xx": "<ciphertext>"}`; answers to it are sealed the same way. */
export const SEALED_FIELD = 'xx';

/**
 * Sealed answers compressed inside the seal. A ciphertext does not compress, so a sealed board of
 * 63 KB of JSON crossed the network as 84 KB where plain it goes as 7 KB. A client that sends
 * `Headers.sealZip: deflate-raw` may get `{"xx": "<ciphertext>", "zip": "deflate-raw"}`: the sealed
 * bytes are the answer's JSON compressed with raw DEFLATE (RFC 1951). Without the header, or for a
 * small answer, the seal holds the JSON itself, as before.
 */
export const SEALED_ZIP_FIELD = 'zip';
export const SEALED_ZIP = 'deflate-raw';
