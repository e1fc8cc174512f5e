import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';

/**
 * A self-signed certificate for 127.0.0.1, made with openssl in `dir`, for the server's own TLS in
 * tests and benchmarks; `spki` is its public key's SHA-256 (base64), by which Chromium is told to
 * trust it (`--ignore-certificate-errors-spki-list`).
 */
export function localCertificate(dir, days = 2) {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const openssl = (args, input) => execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'ignore'] });
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  openssl([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    String(days),
    ...subject,
  ]);
  const publicKey = openssl(['pkey', '-pubin', '-outform', 'der'], openssl(['x509', '-in', certFile, '-pubkey', '-noout']));
  return { certFile, keyFile, spki: createHash('sha256').update(publicKey).digest('base64') };
}
