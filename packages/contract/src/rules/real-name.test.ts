import { describe, expect, it } from 'vitest';
import { checkRealName, checkRealNameAlt } from './real-name.ts';
import { RuleMessages } from './messages.ts';
import { realNameSchema } from './schemas.ts';

describe('real name rule', () => {
  it('[S5-03] accepts Chinese names of 2 to 24 characters, parts joined by a middle dot or space', () => {
    for (const ok of ['张三', '欧阳娜娜', '阿卜杜拉·买买提', '迪丽热巴 迪力木拉提', '张'.repeat(24)]) expect(checkRealName(ok)).toBeNull();
  });

  it('[S5-03] accepts Latin names of 4 to 48 letters, parts joined by a middle dot or space', () => {
    for (const ok of ['John', 'John Smith', 'Jean·Pierre Martin', 'a'.repeat(48)]) expect(checkRealName(ok)).toBeNull();
  });

  it('[S5-03] refuses names outside the lengths, with digits, mixed scripts or misplaced separators', () => {
    const bad = ['张', '张'.repeat(25), 'Tom', 'a'.repeat(49), '张3', '张三John', 'John  Smith', '·张三', '张三·', 'John Smith ', '张三··李', 'Jo-hn', ''];
    for (const value of bad) expect(checkRealName(value), value).toBe(RuleMessages.realName);
  });

  it('[S5-04] the alternative rule accepts 2-24 characters with single separators', () => {
    for (const ok of ['张三', 'Li Na', 'J.R.Smith', 'Anna·Maria', '王 小明', 'x'.repeat(24)]) {
      expect(checkRealNameAlt(ok), ok).toBeNull();
    }
  });

  it('[S5-04] the alternative rule refuses double marks, a dot beside a space, and marks at either end', () => {
    const bad = [
      'Li  Na', // double space
      'Li..Na', // double dot
      'Li··Na', // double middle dot
      'Li. Na', // dot next to a space
      'Li .Na',
      'Li· Na',
      '.LiNa', // leading dot
      'LiNa.', // trailing dot
      '·LiNa', // leading dot-like mark
      'LiNa•',
      ' LiNa', // leading space
      'LiNa ',
      '李', // too short
      'x'.repeat(25), // too long
    ];
    for (const value of bad) expect(checkRealNameAlt(value), value).toBe(RuleMessages.realNameAlt);
  });

  it('[S5-03] the zod form trims and fails with the rule message', () => {
    expect(realNameSchema.parse(' 张三 ')).toBe('张三');
    expect(realNameSchema.safeParse('张3').error?.issues[0].message).toBe(RuleMessages.realName);
  });
});
