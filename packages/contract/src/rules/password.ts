import { Errors, type ErrorName } from '../errors/index.ts';

export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,12}$/;

/**
 * Seed 5: 8 to 12 letters and digits with at least one of each; never the username, compared
 * case-insensitively. Returns the catalogue entry that fails, or null.
 */
export function checkPassword(password: string, name?: string): ErrorName | null {
  if (!PASSWORD_PATTERN.test(password)) return 'PASSWORD_RULE';
  if (name && password.toLowerCase() === name.toLowerCase()) return 'PASSWORD_EQUALS_NAME';
  return null;
}

export const passwordMessage = (password: string, name?: string): string | null => {
  const failed = checkPassword(password, name);
  return failed ? Errors[failed].msg : null;
};
