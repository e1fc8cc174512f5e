import { describe, expect, it } from 'vitest';
import { Errors } from '../errors/index.ts';
import { checkEmail, maskEmail } from './email.ts';

describe('email addresses', () => {
  it('takes a name, @ and a domain with a top level of letters', () => {
    expect(checkEmail('player.one+vip@example.com')).toBeNull();
    expect(checkEmail('a@mail.example.cn')).toBeNull();
  });

  it('refuses what is not one, or longer than 64 characters, with the catalogue message', () => {
    for (const bad of [
      '',
      'player',
      'player@',
      '@example.com',
      'player@example',
      'player@example.c0m',
      'pl ayer@example.com',
      '<script>@x.com',
      `${'a'.repeat(55)}@example.com`,
    ]) {
      expect(checkEmail(bad), bad).toBe(Errors.EMAIL_INVALID.msg);
    }
  });

  it('masks all of the name but its first two letters', () => {
    expect(maskEmail('player@example.com')).toBe('pl***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});
