import { ColorPicker, Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ApiError } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';

/** The parts the quiz bank, experts and sponsors screens share. */

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

/**
 * The server's refusal on the form: on the field it names (`sponsor.toYear` under `prefix`
 * 'sponsor.'), on the field its code concerns (`byCode`), else on `fallback`.
 */
export function showRefusal<T>(form: FormInstance<T>, err: Error, prefix: string, fallback: string, byCode: Record<number, string> = {}): void {
  const named = err instanceof ApiError ? (err.data as { field?: string | null } | null)?.field : null;
  const message = named ? err.message.slice(err.message.indexOf(':') + 1).trim() : err.message;
  const path = named?.startsWith(prefix)
    ? named
        .slice(prefix.length)
        .split('.')
        .map((k) => (/^\d+$/.test(k) ? Number(k) : k))
    : [(err instanceof ApiError && byCode[err.code]) || fallback];
  form.setFields([{ name: path as never, errors: [message] }]);
}

/** The edit dialog of the promo content screens: the item's form, saved by `onSave` (the form's values checked first). */
export function EditModal<T>({
  title,
  open,
  form,
  saving,
  onClose,
  onSave,
  children,
}: {
  title: string;
  open: boolean;
  form: FormInstance<T>;
  saving: boolean;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
}) {
  return (
    <Modal title={title} open={open} okText="保存" cancelText="取消" width={720} confirmLoading={saving} onCancel={onClose} onOk={onSave} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
