import { Errors, PROOF_MAX_BYTES, PROOF_TYPES } from '@bp/contract';

/** The receipt image is checked before it is sent, by the server's own limits: JPEG, PNG or WEBP, at most 5 MB. */
export function proofProblem(file: Pick<File, 'type' | 'size'>): string | null {
  const typeOk = (PROOF_TYPES as readonly string[]).includes(file.type);
  return typeOk && file.size > 0 && file.size <= PROOF_MAX_BYTES ? null : Errors.PROOF_INVALID.msg;
}
