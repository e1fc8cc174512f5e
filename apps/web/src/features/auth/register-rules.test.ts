import './locale.ts';
import { describe, expect, it } from 'vitest';
import { registerErrors, registerSchema, type RegisterForm } from './register-rules.ts';

const form = (over: Partial<RegisterForm>): RegisterForm => ({
  name: '',
  password: '',
  confirm: '',
  phone: '',
  areaCode: '86',
  i_code: '',
  captcha: '',
  adult: true,
  ...over,
});
const open = { phoneRequired: false };
const canSubmit = (f: RegisterForm, opts = open) => registerSchema(opts).safeParse(f).success;

describe('registration messages as the member types', () => {
  it('[S5-01] a password of 8-12 letters and digits with one of each', () => {
    expect(registerErrors(form({ password: 'abcdefgh' })).password).toBe('请输入8-12位字母和数字的组合');
    expect(registerErrors(form({ password: '12345678' })).password).toBe('请输入8-12位字母和数字的组合');
    expect(registerErrors(form({ password: 'abc123' })).password).toBe('请输入8-12位字母和数字的组合');
    expect(registerErrors(form({ password: 'abc123456789x' })).password).toBe('请输入8-12位字母和数字的组合');
    expect(registerErrors(form({ password: 'abc_12345' })).password).toBe('请输入8-12位字母和数字的组合');
    expect(registerErrors(form({ password: 'abc12345' })).password).toBeUndefined();
  });

  it('[S5-02] never the username, compared case-insensitively', () => {
    expect(registerErrors(form({ name: 'Player888', password: 'pLAYER888' })).password).toBe('密码不能与用户名相同');
  });

  it('[S5-05] a phone by its area: China 11 digits from 1, overseas 4-13 digits', () => {
    expect(registerErrors(form({ phone: '2381234567' })).phone).toBe('请输入以1开头的11位手机号码');
    expect(registerErrors(form({ phone: '13812345678' })).phone).toBeUndefined();
    expect(registerErrors(form({ phone: '123', areaCode: '852' })).phone).toBe('请输入4-13位数字的手机号码');
    expect(registerErrors(form({ phone: '91234567', areaCode: '852' })).phone).toBeUndefined();
  });

  it('says nothing for untouched fields, and sends only a complete, clean form', () => {
    expect(registerErrors(form({}))).toEqual({});
    const good = form({ name: 'player888', password: 'abc12345', confirm: 'abc12345' });
    expect(canSubmit(good)).toBe(true);
    const mismatch = { ...good, confirm: 'abc12346' };
    expect(registerErrors(mismatch).confirm).toBe('两次输入的密码不一致');
    expect(canSubmit(mismatch)).toBe(false);
    expect(canSubmit(good, { phoneRequired: true })).toBe(false);
    expect(registerErrors(form({ name: 'ab' })).name).toBe('用户名须为4-16位字母或数字');
  });

  it('is sent only with the consent ticked: 18 or older, the terms accepted; unticked, it says so under the box', () => {
    const good = form({ name: 'player888', password: 'abc12345', confirm: 'abc12345' });
    const unticked = registerSchema(open).safeParse({ ...good, adult: false });
    expect(unticked.success).toBe(false);
    expect(unticked.error?.issues.find((i) => i.path[0] === 'adult')?.message).toBe('请勾选确认已年满18周岁并同意用户协议与隐私政策');
    expect(canSubmit({ ...good, adult: true })).toBe(true);
  });
});
