export function localCertificate(dir: string, days?: number): { certFile: string; keyFile: string; spki: string };
