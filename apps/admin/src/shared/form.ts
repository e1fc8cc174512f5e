import type { z } from 'zod';
import type { Rule } from 'antd/es/form';

/** An antd form rule from a contract schema: the field is checked as the server will check it, with the contract's message. */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
