import { newNonce } from '@bp/contract';
import { local } from './local.ts';

const UUID_KEY = 'bp.uuid';

/** The device id sent on every call (header uuid) and used as the login captcha's id. */
export function deviceUuid(): string {
  let id = local.get(UUID_KEY);
  if (!id) {
    id = newNonce();
    local.set(UUID_KEY, id);
  }
  return id;
}
