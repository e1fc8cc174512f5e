import fs from 'node:fs';
import path from 'node:path';
import { AVATAR_URL_PREFIX } from '@bp/contract';

/** The bundled avatars a member picks from: `assets/avatars/<id>.svg`, served under /assets/avatars/. */
export const AVATARS_DIR = path.resolve(import.meta.dirname, '../../../assets/avatars');

export const AVATAR_IDS: readonly string[] = fs
  .readdirSync(AVATARS_DIR)
  .filter((file) => /^[a-z0-9]+\.svg$/.test(file))
  .map((file) => file.slice(0, -4))
  .sort();

/** A member who never picked one shows the first. */
export const DEFAULT_AVATAR = AVATAR_IDS[0];

export const isAvatar = (id: string): boolean => AVATAR_IDS.includes(id);

export const avatarUrl = (id: string): string => `${AVATAR_URL_PREFIX}${isAvatar(id) ? id : DEFAULT_AVATAR}.svg`;

export const avatarList = () => AVATAR_IDS.map((avatarId) => ({ avatarId, url: avatarUrl(avatarId) }));
