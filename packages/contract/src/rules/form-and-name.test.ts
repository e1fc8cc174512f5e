import { describe, expect, it } from 'vitest';
import { maxLengthRule, parseExcludedTabs } from './form.ts';
import { isPasswordDigest, nameForHashing } from './name.ts';
import { RuleMessages } from './messages.ts';
import { maxLengthSchema } from './schemas.ts';
import { loginDigest } from '../crypto.ts';

describe('max-length rule', () => {
  it('[S5-11] returns its message only when the value is longer than the maximum', () => {
    const rule = maxLengthRule(4, '昵称最多4个字');
    expect(rule('abcd')).toBeNull();
    expect(rule('一二三四')).toBeNull();
    expect(rule('abcde')).toBe('昵称最多4个字');
    expect(rule('')).toBeNull();
    expect(rule(undefined)).toBeNull();
    expect(maxLengthRule(2)('abc')).toBe(RuleMessages.maxLength(2));
    expect(maxLengthSchema(3, '太长了').safeParse('abcd').error?.issues[0].message).toBe('太长了');
  });
});

describe('excluded-tab parameter', () => {
  it('[S5-12] keeps numeric values below 3, at most 3 of them', () => {
    expect(parseExcludedTabs('0,2,7,x,1,1')).toEqual([0, 2, 1]);
    expect(parseExcludedTabs('5,3,abc')).toEqual([]);
    expect(parseExcludedTabs(' 1 , 2 ')).toEqual([1, 2]);
    expect(parseExcludedTabs('2,,1')).toEqual([2, 1]);
    expect(parseExcludedTabs(undefined)).toEqual([]);
  });
});

describe('names and digests', () => {
  it("[S5-09] names are lower-cased for hashing, so the digest ignores the name's case", () => {
    expect(nameForHashing('Alice01')).toBe('alice01');
    expect(loginDigest('ALICE01', 'abc12345')).toBe(loginDigest(nameForHashing('Alice01'), 'abc12345'));
    expect(loginDigest('alice01', 'abc12345')).not.toBe(loginDigest('alice01', 'ABC12345'));
  });

  it('[S5-10] a password of exactly 32 hex characters is taken as already hashed', () => {
    expect(isPasswordDigest(loginDigest('alice01', 'abc12345'))).toBe(true);
    expect(isPasswordDigest('abc12345')).toBe(false);
    expect(isPasswordDigest('a'.repeat(31))).toBe(false);
    expect(isPasswordDigest('a'.repeat(33))).toBe(false);
  });
});
