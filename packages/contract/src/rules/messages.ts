import { Errors } from '../errors/index.ts';

/**
 * The zh-CN messages of the seed's validation rules (section 5). Rules that map to a code of the
 * catalogue reuse its message; the rest fail as VALIDATION with the message below.
 */
export const RuleMessages = {
  password: Errors.PASSWORD_RULE.msg,
  passwordEqualsName: Errors.PASSWORD_EQUALS_NAME.msg,
  realName: '请输入真实姓名：中文2-24个字或英文4-48个字母，姓名之间用“·”或空格分隔',
  realNameAlt: '真实姓名须为2-24个字符，不能以空格或点开头、结尾，不能有连续的空格或点',
  phoneChina: '请输入以1开头的11位手机号码',
  phoneOverseas: '请输入4-13位数字的手机号码',
  withdrawPassword: '提现密码须为6位数字',
  amountPositive: '请输入大于0的金额',
  amountDecimals: '金额最多保留两位小数',
  amountTooLarge: '金额超出允许范围',
  bankCard: '请输入正确的银行卡号',
  maxLength: (max: number) => `最多输入${max}个字符`,
} as const;
