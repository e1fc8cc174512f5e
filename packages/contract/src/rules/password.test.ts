import { describe, expect, it } from 'vitest';
import { Errors } from '../errors/index.ts';
import { checkPassword, passwordMessage } from './password.ts';
import { passwordSchema } from './schemas.ts';

describe('password rule', () => {
  it('[S5-01] accepts 8 to 12 letters and digits with at least one of each', () => {
    for (const ok of ['abc12345', 'A1b2C3d4', 'abcdefghij12', '1234567a']) expect(checkPassword(ok)).toBeNull();
  });

  it('[S5-01] refuses a password without a digit, without a letter, too short, too long or with other characters', () => {
    for (const bad of ['abcdefgh', '12345678', 'abc1234', 'abcdefghij123', 'abc 12345', 'abc_12345', '密码abc12345', '']) {
      expect(checkPassword(bad)).toBe('PASSWORD_RULE');
    }
    expect(passwordMessage('abcdefgh')).toBe(Errors.PASSWORD_RULE.msg);
    expect(Errors.PASSWORD_RULE.msg).toMatch(/8-12位字母和数字的组合/);
  });

  it('[S5-02] refuses a password equal to the username, case-insensitively, with its own message', () => {
    expect(checkPassword('Alice123', 'alice123')).toBe('PASSWORD_EQUALS_NAME');
    expect(checkPassword('alice123', 'ALICE123')).toBe('PASSWORD_EQUALS_NAME');
    expect(checkPassword('alice124', 'alice123')).toBeNull();
    expect(passwordMessage('alice123', 'Alice123')).toBe(Errors.PASSWORD_EQUALS_NAME.msg);
    expect(Errors.PASSWORD_EQUALS_NAME.msg).not.toBe(Errors.PASSWORD_RULE.msg);
  });

  it('[S5-01] the zod form fails with the rule message', () => {
    expect(passwordSchema.safeParse('abc12345').success).toBe(true);
    const bad = passwordSchema.safeParse('abcdefgh');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(Errors.PASSWORD_RULE.msg);
  });
});
