import { Form, Image, Input, Select, Typography } from 'antd';
import type { z } from 'zod';
import { AdminBanner } from '@bp/contract';
import { zodRule } from '../../shared/form.ts';
import { ContentTable, TitleField } from './content.tsx';
import { WindowField, windowFromForm, windowText, windowToForm, type WindowValue } from './window-field.tsx';

type Banner = z.output<typeof AdminBanner>;
interface Fields {
  title: string;
  image: string;
  link: string;
  position: string;
  window: WindowValue;
}

const POSITIONS = [{ value: 'home', label: '首页轮播' }];
const link = zodRule(AdminBanner.shape.link);

/** Banners of the home carousel: picture, where a tap goes, when they show. */
export function BannersPage() {
  return (
    <ContentTable<Banner, Fields>
      kind="banner"
      blank={{ position: 'home', link: '' }}
      toForm={(b) => ({ title: b.title, image: b.image, link: b.link, position: b.position, window: windowToForm(b.startAt, b.endAt) })}
      fromForm={({ window, ...f }) => {
        const [startAt, endAt] = windowFromForm(window);
        return { ...f, link: f.link ?? '', startAt, endAt };
      }}
      columns={[
        { title: '图片', dataIndex: 'image', width: 144, render: (src: string) => <Image src={src} width={128} height={48} style={{ objectFit: 'cover' }} /> },
        {
          title: '标题 / 跳转',
          render: (_, b) => (
            <div>
              <div>{b.title}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {b.link || '不跳转'}
              </Typography.Text>
            </div>
          ),
        },
        {
          title: '位置',
          dataIndex: 'position',
          width: 120,
          render: (p: string) => POSITIONS.find((o) => o.value === p)?.label ?? <Typography.Text type="secondary">{p}（会员站未展示）</Typography.Text>,
        },
        { title: '展示时间', width: 170, render: (_, b) => windowText(b.startAt, b.endAt) },
      ]}
      fields={
        <>
          <TitleField />
          <Form.Item
            label="图片地址"
            name="image"
            rules={[{ required: true, message: '请填写图片地址' }, link]}
            extra="站内路径（如 /assets/site/...）或 https 地址"
          >
            <Input />
          </Form.Item>
          <Form.Item label="跳转链接" name="link" rules={[zodRule(AdminBanner.shape.link.optional())]} extra="站内路径或 http(s) 地址，留空则不跳转">
            <Input />
          </Form.Item>
          <Form.Item label="位置" name="position" rules={[{ required: true, message: '请选择位置' }]}>
            <Select options={POSITIONS} />
          </Form.Item>
          <WindowField label="展示时间" />
        </>
      }
    />
  );
}
