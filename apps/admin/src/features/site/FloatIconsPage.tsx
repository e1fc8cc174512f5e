import { Form, Input, Select } from 'antd';
import type { z } from 'zod';
import { AdminFloatIcon } from '@bp/contract';
import { zodRule } from '../../shared/form.ts';
import { CodeField, ContentTable, IconField, NameField, iconColumn, nameAndCodeColumn } from './content.tsx';
import { WindowField, windowFromForm, windowText, windowToForm, type WindowValue } from './window-field.tsx';

type Icon = z.output<typeof AdminFloatIcon>;
interface Fields {
  code: string;
  name: string;
  icon: string;
  link: string;
  position: Icon['position'];
  window: WindowValue;
}

const SIDES = { left: '左侧', right: '右侧' } as const;

/** The icons floating over the member site's home (在线客服, 下载APP…): which side, where a tap goes, when they show. */
export function FloatIconsPage() {
  return (
    <ContentTable<Icon, Fields>
      kind="float_icon"
      blank={{ position: 'right', link: '' }}
      toForm={(i) => ({ code: i.code, name: i.name, icon: i.icon, link: i.link, position: i.position, window: windowToForm(i.startAt, i.endAt) })}
      fromForm={({ window, ...f }) => {
        const [startAt, endAt] = windowFromForm(window);
        return { ...f, link: f.link ?? '', startAt, endAt };
      }}
      columns={[
        iconColumn<Icon>(),
        nameAndCodeColumn<Icon>(),
        { title: '跳转', dataIndex: 'link', ellipsis: true, render: (link: string) => link || '不跳转' },
        { title: '位置', dataIndex: 'position', width: 80, render: (p: Icon['position']) => SIDES[p] },
        { title: '展示时间', width: 170, render: (_, i) => windowText(i.startAt, i.endAt) },
      ]}
      fields={
        <>
          <NameField max={32} />
          <CodeField examples="cs、app" />
          <IconField rule={zodRule(AdminFloatIcon.shape.icon)} />
          <Form.Item label="跳转链接" name="link" rules={[zodRule(AdminFloatIcon.shape.link.optional())]} extra="站内路径或 http(s) 地址，留空则不跳转">
            <Input />
          </Form.Item>
          <Form.Item label="位置" name="position" rules={[{ required: true, message: '请选择位置' }]}>
            <Select options={Object.entries(SIDES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <WindowField label="展示时间" />
        </>
      }
    />
  );
}
