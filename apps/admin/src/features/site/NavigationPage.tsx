import { Form, Input, Tag } from 'antd';
import type { z } from 'zod';
import { AdminNavigation } from '@bp/contract';
import { zodRule } from '../../shared/form.ts';
import { CodeField, ContentTable, IconField, NameField, iconColumn, nameAndCodeColumn } from './content.tsx';
import { WindowField, windowFromForm, windowText, windowToForm, type WindowValue } from './window-field.tsx';

type Entry = z.output<typeof AdminNavigation>;
interface Fields {
  code: string;
  name: string;
  icon: string;
  path: string;
  badge: string;
  window: WindowValue;
}

const link = zodRule(AdminNavigation.shape.path);

/** The home page's quick navigation (体育, 直播, 真人…): name, icon, where a tap goes, a corner mark, when it shows. */
export function NavigationPage() {
  return (
    <ContentTable<Entry, Fields>
      kind="navigation"
      blank={{ badge: '' }}
      toForm={(e) => ({ code: e.code, name: e.name, icon: e.icon, path: e.path, badge: e.badge, window: windowToForm(e.startAt, e.endAt) })}
      fromForm={({ window, ...f }) => {
        const [startAt, endAt] = windowFromForm(window);
        return { ...f, badge: f.badge ?? '', startAt, endAt };
      }}
      columns={[
        iconColumn<Entry>(),
        nameAndCodeColumn<Entry>((e) => (e.badge ? <Tag color="red">{e.badge}</Tag> : null)),
        { title: '跳转', dataIndex: 'path', ellipsis: true },
        { title: '展示时间', width: 170, render: (_, e) => windowText(e.startAt, e.endAt) },
      ]}
      fields={
        <>
          <NameField max={32} />
          <CodeField examples="sports、live、casino" />
          <IconField rule={zodRule(AdminNavigation.shape.icon)} />
          <Form.Item
            label="跳转链接"
            name="path"
            rules={[{ required: true, message: '请填写跳转链接' }, link]}
            extra="站内路径（如 /app/sports）或 http(s) 地址"
          >
            <Input />
          </Form.Item>
          <Form.Item label="角标" name="badge" rules={[{ max: 8, message: '角标最多8个字' }]} extra="如 热门、新，留空则不显示">
            <Input />
          </Form.Item>
          <WindowField label="展示时间" />
        </>
      }
    />
  );
}
