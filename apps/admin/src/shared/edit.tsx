import type { ReactNode } from 'react';
import { Button, Form, Modal, Space, type FormInstance } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { ApiError } from './api.ts';

/** The parts the content screens (site content, help, promotions' content) share: the edit dialog, a refusal on its form, moving rows. */

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

/** The sort values that swap two neighbours' places (`by`: -1, `a` moves up past `b`); equal ones end one apart. */
export function swappedSorts(a: { sort: number }, b: { sort: number }, by: -1 | 1): [number, number] {
  return a.sort === b.sort ? [b.sort + by, a.sort] : [b.sort, a.sort];
}

/** A row's 上移 and 下移 buttons (named after the row when `name` is given); off at the ends and where `blocked` says. */
export function MoveButtons({
  index,
  count,
  name,
  blocked = () => false,
  onMove,
}: {
  index: number;
  count: number;
  name?: string;
  blocked?: (by: -1 | 1) => boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const label = (verb: string) => (name ? `${verb} ${name}` : verb);
  return (
    <Space size={4}>
      <Button size="small" icon={<ArrowUpOutlined />} aria-label={label('上移')} disabled={index === 0 || blocked(-1)} onClick={() => onMove(-1)} />
      <Button size="small" icon={<ArrowDownOutlined />} aria-label={label('下移')} disabled={index === count - 1 || blocked(1)} onClick={() => onMove(1)} />
    </Space>
  );
}
