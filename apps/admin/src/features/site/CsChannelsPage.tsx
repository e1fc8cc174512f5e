import { Form, Input, Select, Tag, Typography } from 'antd';
import type { z } from 'zod';
import { AdminCsChannel, CS_CHANNEL_KINDS } from '@bp/contract';
import { zodRule } from '../../shared/form.ts';
import { ContentTable, IconField, NameField, iconColumn } from './content.tsx';
import { WindowField, windowFromForm, windowText, windowToForm, type WindowValue } from './window-field.tsx';

type Channel = z.output<typeof AdminCsChannel>;
interface Fields {
  kind: Channel['kind'];
  name: string;
  account: string;
  url: string;
  icon: string;
  window: WindowValue;
}

const KINDS: Record<(typeof CS_CHANNEL_KINDS)[number], string> = {
  online: '在线客服',
  qq: 'QQ',
  telegram: 'Telegram',
  wechat: '微信',
  email: '邮箱',
  phone: '电话',
};

/** The customer-service page's channels (在线客服, QQ, Telegram…): what the member reads or copies, where a tap goes. */
export function CsChannelsPage() {
  return (
    <ContentTable<Channel, Fields>
      kind="cs_channel"
      blank={{ kind: 'online', url: '' }}
      toForm={(c) => ({ kind: c.kind, name: c.name, account: c.account, url: c.url, icon: c.icon, window: windowToForm(c.startAt, c.endAt) })}
      fromForm={({ window, ...f }) => {
        const [startAt, endAt] = windowFromForm(window);
        return { ...f, url: f.url ?? '', startAt, endAt };
      }}
      columns={[
        iconColumn<Channel>(),
        { title: '类型', dataIndex: 'kind', width: 96, render: (k: Channel['kind']) => <Tag>{KINDS[k]}</Tag> },
        {
          title: '名称 / 账号',
          width: 220,
          render: (_, c) => (
            <div>
              <div>{c.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.account || '无账号'}
              </Typography.Text>
            </div>
          ),
        },
        { title: '链接', dataIndex: 'url', ellipsis: true, render: (url: string) => url || '无' },
        { title: '展示时间', width: 170, render: (_, c) => windowText(c.startAt, c.endAt) },
      ]}
      fields={
        <>
          <Form.Item label="类型" name="kind" rules={[{ required: true, message: '请选择类型' }]}>
            <Select options={CS_CHANNEL_KINDS.map((value) => ({ value, label: KINDS[value] }))} />
          </Form.Item>
          <NameField max={32} />
          <Form.Item
            label="账号"
            name="account"
            rules={[{ max: 128, message: '账号最多128个字' }]}
            extra="会员看到并可复制的号码或地址，如 QQ 号、@Telegram 名"
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="链接"
            name="url"
            rules={[zodRule(AdminCsChannel.shape.url.optional())]}
            extra="在线客服或 t.me 地址、mailto:、tel:，留空则只显示账号"
          >
            <Input />
          </Form.Item>
          <IconField rule={zodRule(AdminCsChannel.shape.icon)} />
          <WindowField label="展示时间" />
        </>
      }
    />
  );
}
