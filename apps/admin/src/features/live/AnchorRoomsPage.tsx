import { useState } from 'react';
import { App, Avatar, Button, Card, Form, Input, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ANCHOR_STATUS, AnchorRoomUpdateBody, type AdminAnchorRoom } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';

type Room = z.output<typeof AdminAnchorRoom>;
type Change = z.input<typeof AnchorRoomUpdateBody>;
interface Fields {
  title: string;
  desc: string;
  hlsUrl: string;
  flvUrl: string;
}

const STATUS: Record<number, [string, string]> = {
  [ANCHOR_STATUS.LIVE]: ['直播中', 'red'],
  [ANCHOR_STATUS.INTERRUPTED]: ['暂时离开', 'orange'],
  [ANCHOR_STATUS.NOT_STARTED]: ['未开播', 'default'],
};
const stream = (url: string | null) =>
  url ? (
    <Typography.Text copyable ellipsis style={{ maxWidth: 240 }}>
      {url}
    </Typography.Text>
  ) : (
    '—'
  );
/** A stream address as the server checks it; empty is none. */
const urlRule = zodRule(AnchorRoomUpdateBody.shape.hlsUrl.or(z.literal('')));
const orNull = (url: string | undefined) => (url?.trim() ? url.trim() : null);

/** Anchors' rooms: on air or off, their streams (any HLS/FLV address), title and introduction. */
export function AnchorRoomsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Room | null>(null);
  const [form] = Form.useForm<Fields>();
  const rooms = useQuery({ queryKey: ['anchor-rooms'], queryFn: () => call('/api/admin/live/room/list', {}) });
  const update = useMutation({
    mutationFn: (change: Change) => call('/api/admin/live/room/update', change),
    onSuccess: () => {
      setEditing(null);
      message.success('已保存');
      return queryClient.invalidateQueries({ queryKey: ['anchor-rooms'] });
    },
    onError: (err) => message.error(err.message),
  });
  const open = (room: Room) => {
    setEditing(room);
    form.setFieldsValue({ title: room.title, desc: room.desc, hlsUrl: room.hlsUrl ?? '', flvUrl: room.flvUrl ?? '' });
  };
  const submit = async () => {
    const f = await form.validateFields();
    update.mutate({ anchorRoomId: editing!.anchorRoomId, title: f.title, desc: f.desc ?? '', hlsUrl: orNull(f.hlsUrl), flvUrl: orNull(f.flvUrl) });
  };
  return (
    <Card title="主播直播间">
      <Table<Room>
        rowKey="anchorRoomId"
        loading={rooms.isFetching}
        dataSource={rooms.data?.list}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          {
            title: '主播',
            width: 180,
            render: (_, r) => (
              <Space>
                <Avatar src={r.squareLogo} />
                {r.nickname}
              </Space>
            ),
          },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'anchorStatus',
            width: 100,
            render: (s: number) => <Tag color={STATUS[s]?.[1]}>{STATUS[s]?.[0] ?? s}</Tag>,
          },
          { title: '赛事', dataIndex: 'matchId', width: 100, render: (id: number | null) => (id ? `#${id}` : '自由直播') },
          { title: 'HLS 地址', dataIndex: 'hlsUrl', width: 260, render: stream },
          {
            title: '开播',
            width: 80,
            render: (_, r) => (
              <Switch
                aria-label={`开播 ${r.nickname}`}
                checked={r.anchorStatus === ANCHOR_STATUS.LIVE}
                onChange={(on) => update.mutate({ anchorRoomId: r.anchorRoomId, anchorStatus: on ? ANCHOR_STATUS.LIVE : ANCHOR_STATUS.NOT_STARTED })}
              />
            ),
          },
          {
            title: '操作',
            width: 80,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => open(r)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <Modal
        title={`编辑直播间：${editing?.nickname ?? ''}`}
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={update.isPending}
        onCancel={() => setEditing(null)}
        onOk={submit}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="标题" name="title" rules={[zodRule(AnchorRoomUpdateBody.shape.title.unwrap())]}>
            <Input />
          </Form.Item>
          <Form.Item label="简介" name="desc" rules={[zodRule(AnchorRoomUpdateBody.shape.desc)]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item label="HLS 地址（.m3u8）" name="hlsUrl" rules={[urlRule]} extra="以 http(s):// 或 / 开头；留空为无">
            <Input />
          </Form.Item>
          <Form.Item label="FLV 地址" name="flvUrl" rules={[urlRule]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
