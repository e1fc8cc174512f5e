import { defineErrors } from './define.ts';

export const authErrors = defineErrors({
  NAME_INVALID: [20001, '用户名须为4-16位字母或数字'],
  NAME_TAKEN: [20002, '该用户名已被注册'],
  PASSWORD_RULE: [20003, '请输入8-12位字母和数字的组合'],
  PASSWORD_EQUALS_NAME: [20004, '密码不能与用户名相同'],
  LOGIN_FAILED: [20005, '用户名或密码错误'],
  CAPTCHA_REQUIRED: [20006, '请输入图形验证码'],
  PHONE_INVALID: [20007, '请输入正确的手机号码'],
  PHONE_TAKEN: [20008, '该手机号已被绑定'],
  MEMBER_DORMANT: [20009, '您的账号长期未登录，请先激活'],
  OLD_PASSWORD_WRONG: [20010, '原密码错误'],
  SMS_CODE_WRONG: [20011, '短信验证码错误或已过期'],
  EMAIL_INVALID: [20012, '请输入正确的邮箱地址'],
  RESET_TICKET_INVALID: [20013, '找回密码流程已失效，请重新开始'],
  NICKNAME_INVALID: [20014, '昵称须为2-12个字符'],
  INVITE_CODE_INVALID: [20015, '邀请码无效'],
  SEND_TOO_OFTEN: [20016, '发送过于频繁，请稍后再试'],
});
