import { Form, Input, Select, Tag } from 'antd';
import type { z } from 'zod';
import type { AdminNotice } from '@bp/contract';
import { ContentTable, TitleField } from './content.tsx';
import { WindowField, windowFromForm, windowText, windowToForm, type WindowValue } from './window-field.tsx';

type Notice = z.output<typeof AdminNotice>;
interface Fields {
  category: 1 | 2 | 3;
  title: string;
  content: string;
  window: WindowValue;
}

const CATEGORIES = { 1: '首页跑马灯', 2: '弹窗公告', 3: '公告列表' } as const;
const COLORS = { 1: 'blue', 2: 'orange', 3: 'default' } as const;

/** Notices: the home ticker (category 1), pop-ups (2) and the announcement list (3). */
export function NoticesPage() {
  return (
    <ContentTable<Notice, Fields>
      kind="notice"
      blank={{ category: 1 }}
      toForm={(n) => ({ category: n.category, title: n.title, content: n.content, window: windowToForm(n.pmdTimerStart, n.pmdTimerEnd) })}
      fromForm={({ window, ...f }) => {
        const [pmdTimerStart, pmdTimerEnd] = windowFromForm(window);
        return { ...f, pmdTimerStart, pmdTimerEnd };
      }}
      columns={[
        { title: '类型', dataIndex: 'category', width: 110, render: (c: Notice['category']) => <Tag color={COLORS[c]}>{CATEGORIES[c]}</Tag> },
        { title: '标题', dataIndex: 'title', width: 240, ellipsis: true },
        { title: '内容', dataIndex: 'content', ellipsis: true },
        { title: '展示时间', width: 170, render: (_, n) => windowText(n.pmdTimerStart, n.pmdTimerEnd) },
      ]}
      fields={
        <>
          <Form.Item label="类型" name="category" rules={[{ required: true, message: '请选择类型' }]}>
            <Select options={Object.entries(CATEGORIES).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
          <TitleField />
          <Form.Item
            label="内容"
            name="content"
            rules={[
              { required: true, whitespace: true, message: '请填写内容' },
              { max: 2000, message: '内容最多2000字' },
            ]}
          >
            <Input.TextArea rows={4} showCount maxLength={2000} />
          </Form.Item>
          <WindowField label="展示时间" />
        </>
      }
    />
  );
}
