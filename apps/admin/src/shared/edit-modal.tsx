import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { ApiError } from './api.ts';

/** The edit dialog of the content screens (promotions' and the site's) and how a refusal shows on its form. */

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

/** The edit dialog of the content screens: the item's form, saved by `onSave` (the form's values checked first). */
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
