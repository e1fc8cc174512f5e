import { useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Image, Input, Popconfirm, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import type { Rule } from 'antd/es/form';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_CONTENT_KINDS, type AdminContentKind } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { EditModal, MoveButtons, swappedSorts } from '../../shared/edit.tsx';
import { useSiteChoice } from '../../shared/site-picker.tsx';

/** What every item of a kind has: its id, order and whether it is published ('1'). */
export interface Item {
  id: number;
  sort: number;
  status: '0' | '1' | '2';
}

interface ContentScreen<T extends Item, F> {
  kind: AdminContentKind;
  columns: TableColumnsType<T>;
  /** The form's fields for one item. */
  fields: ReactNode;
  /** An item as the form edits it, and the form's values back as the item to save. */
  toForm: (item: T) => F;
  fromForm: (fields: F) => Omit<T, 'id' | 'sort' | 'status'>;
  blank: Partial<F>;
}

// Each kind's calls, named once: the screens differ only in columns and fields.
const calls = {
  notice: { list: '/api/admin/site/notice/list', save: '/api/admin/site/notice/save', remove: '/api/admin/site/notice/remove' },
  banner: { list: '/api/admin/site/banner/list', save: '/api/admin/site/banner/save', remove: '/api/admin/site/banner/remove' },
  navigation: { list: '/api/admin/site/navigation/list', save: '/api/admin/site/navigation/save', remove: '/api/admin/site/navigation/remove' },
  float_icon: { list: '/api/admin/site/floatIcon/list', save: '/api/admin/site/floatIcon/save', remove: '/api/admin/site/floatIcon/remove' },
  cs_channel: { list: '/api/admin/site/csChannel/list', save: '/api/admin/site/csChannel/save', remove: '/api/admin/site/csChannel/remove' },
} as const satisfies Record<AdminContentKind, { list: string; save: string; remove: string }>;

/**
 * A site's items of one kind: published or not (a switch), moved up and down, added, edited and
 * removed. Every change is saved at once and shows on the member site at once.
 */
export function ContentTable<T extends Item, F extends object>({ kind, columns, fields, toForm, fromForm, blank }: ContentScreen<T, F>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [form] = Form.useForm<F>();
  const name = ADMIN_CONTENT_KINDS[kind];
  const key = ['site-content', kind, siteId];
  const list = useQuery({
    queryKey: key,
    // The kind's items are this screen's T (the route table types them per kind).
    queryFn: async () => (await call(calls[kind].list, { siteId: siteId! })).list as unknown as T[],
    enabled: siteId !== undefined,
  });
  const rows = list.data ?? [];
  const done = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: (item: Partial<T>) => call(calls[kind].save, { siteId: siteId!, item: item as never }),
    onSuccess: () => {
      setEditing(null);
      message.success('已保存');
      return done();
    },
    onError: (err) => message.error(err.message),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(calls[kind].remove, { siteId: siteId!, id }),
    onSuccess: () => {
      message.success('已删除');
      return done();
    },
    onError: (err) => message.error(err.message),
  });
  const whole = ({ id: _, ...item }: T) => item as unknown as Partial<T>;
  // Moving swaps the two neighbours' places (their sort values).
  const move = async (index: number, by: -1 | 1) => {
    const [a, b] = [rows[index], rows[index + by]];
    const [sortA, sortB] = swappedSorts(a, b, by);
    await save.mutateAsync({ ...whole(a), id: a.id, sort: sortA } as Partial<T>);
    await save.mutateAsync({ ...whole(b), id: b.id, sort: sortB } as Partial<T>);
  };
  const open = (item: T | 'new') => {
    setEditing(item);
    form.setFieldsValue((item === 'new' ? { ...blank, sort: (rows.at(-1)?.sort ?? 0) + 1 } : { ...toForm(item), sort: item.sort }) as never);
  };
  const submit = async () => {
    const values = (await form.validateFields()) as F & { sort: number };
    const current = editing === 'new' || editing === null ? null : editing;
    save.mutate({ ...fromForm(values), sort: values.sort, status: current?.status ?? '1', ...(current ? { id: current.id } : {}) } as Partial<T>);
  };
  const actions: TableColumnsType<T> = [
    {
      title: '发布',
      width: 80,
      render: (_, item) => (
        <Switch
          aria-label={`发布 ${item.id}`}
          checked={item.status === '1'}
          onChange={(on) => save.mutate({ ...whole(item), id: item.id, status: on ? '1' : '0' } as Partial<T>)}
        />
      ),
    },
    {
      title: '排序',
      width: 100,
      render: (_, __, index) => <MoveButtons index={index} count={rows.length} onMove={(by) => move(index, by)} />,
    },
    {
      title: '操作',
      width: 130,
      render: (_, item) => (
        <Space>
          <Button type="link" size="small" onClick={() => open(item)}>
            编辑
          </Button>
          <Popconfirm title={`删除这条${name}？`} okText="删除" cancelText="取消" onConfirm={() => remove.mutate(item.id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={`${name}管理`}
      extra={
        <Space>
          {picker}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} disabled={siteId === undefined}>
            新建{name}
          </Button>
        </Space>
      }
    >
      <Table<T> rowKey="id" loading={list.isFetching} dataSource={rows} pagination={false} columns={[...columns, ...actions]} />
      <EditModal
        title={editing === 'new' ? `新建${name}` : `编辑${name}`}
        open={editing !== null}
        form={form}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={submit}
      >
        <Form.Item name="sort" hidden>
          <input />
        </Form.Item>
        {fields}
      </EditModal>
    </Card>
  );
}

/** An item's title, required, at most 100 characters: every content kind has one. */
export function TitleField() {
  return (
    <Form.Item
      label="标题"
      name="title"
      rules={[
        { required: true, whitespace: true, message: '请填写标题' },
        { max: 100, message: '标题最多100字' },
      ]}
    >
      <Input />
    </Form.Item>
  );
}

/** An item's name as the member reads it (navigation, floating icons, service channels), required. */
export function NameField({ max }: { max: number }) {
  return (
    <Form.Item
      label="名称"
      name="name"
      rules={[
        { required: true, whitespace: true, message: '请填写名称' },
        { max, message: `名称最多${max}字` },
      ]}
    >
      <Input />
    </Form.Item>
  );
}

/** An item's icon: a site path or an http(s) address. */
export function IconField({ rule }: { rule: Rule }) {
  return (
    <Form.Item label="图标地址" name="icon" rules={[{ required: true, message: '请填写图标地址' }, rule]} extra="站内路径（如 /assets/site/...）或 https 地址">
      <Input />
    </Form.Item>
  );
}

export const iconColumn = <T extends Item & { icon: string; name: string }>(): TableColumnsType<T>[number] => ({
  title: '图标',
  dataIndex: 'icon',
  width: 72,
  render: (src: string, item) => <Image src={src} alt={item.name} width={32} height={32} preview={false} style={{ objectFit: 'contain' }} />,
});

/** An entry's name with its code beneath (navigation entries, floating icons), `mark` beside the name. */
export const nameAndCodeColumn = <T extends Item & { name: string; code: string }>(mark?: (item: T) => ReactNode): TableColumnsType<T>[number] => ({
  title: '名称 / 代码',
  render: (_, item) => (
    <div>
      <div>
        {item.name} {mark?.(item)}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {item.code}
      </Typography.Text>
    </div>
  ),
});

/** An entry's code, for statistics and to tell entries apart (`examples`: the demo's). */
export function CodeField({ examples }: { examples: string }) {
  return (
    <Form.Item
      label="代码"
      name="code"
      rules={[
        { required: true, whitespace: true, message: '请填写代码' },
        { max: 32, message: '代码最多32个字符' },
      ]}
      extra={`如 ${examples}，用于统计与识别`}
    >
      <Input />
    </Form.Item>
  );
}
