import { ColorPicker, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { zodRule } from '../../shared/form.ts';

/** The parts the quiz bank, experts and sponsors screens share (their dialog and refusals: shared/edit-modal.tsx). */

/** A badge as the member pages draw it: a few letters on a round patch of colour. */
export function Badge({ text, color, size = 36 }: { text: string; color: string; size?: number }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: '50%',
        background: color,
        color: '#fff',
        fontSize: text.length > 2 ? size * 0.3 : size * 0.4,
        fontWeight: 600,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        flex: 'none',
      }}
    >
      {text}
    </span>
  );
}

/** Colours offered beside the picker: those of the demo's badges and a few more. */
const PRESET = ['#b8860b', '#2a7de1', '#d0453a', '#1f4fa3', '#c8501e', '#18875a', '#6b3fb8', '#0a7d5a', '#b01e2e', '#333333'];

/** A colour field holding `#rrggbb`, checked by the contract's rule. */
export function ColorField({ name, label, schema }: { name: string; label: string; schema: z.ZodType }) {
  return (
    <Form.Item label={label} name={name} rules={[zodRule(schema)]} getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}>
      <ColorPicker showText disabledAlpha format="hex" presets={[{ label: '常用颜色', colors: PRESET }]} />
    </Form.Item>
  );
}

/** A check the contract makes across fields (the right option among the options, the end year after the start), shown on `path`'s field. */
export const acrossRule =
  (schema: z.ZodType, path: string): Rule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const issue = schema.safeParse(getFieldsValue(true)).error?.issues.find((i) => i.path.join('.') === path);
      if (issue) throw new Error(issue.message);
    },
  });
