import { useState } from 'react';
import { App, Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { CHAT_MUTE_MAX_MINUTES, type ChatMessage } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime } from '../../shared/format.ts';
import { useCan } from '../../shared/me.ts';

type Message = z.output<typeof ChatMessage>;
const ACTIONS: Record<string, string> = { mute: '禁言', unblock: '解除禁言', delete: '删除消息', setup: '房间设置', grant: '任命房管', revoke: '撤销房管' };

/** Who is muted in the room, and the lever to lift it. */
function MutedList({ chatRoomNo, unmute }: { chatRoomNo: string; unmute: (memberId: number) => void }) {
  const muted = useQuery({ queryKey: ['live-muted', chatRoomNo], queryFn: () => call('/api/admin/live/chat/muted', { chatRoomNo }) });
  return (
    <Table
      rowKey="memberId"
      size="small"
      loading={muted.isFetching}
      dataSource={muted.data?.list}
      pagination={false}
      locale={{ emptyText: '没有被禁言的会员' }}
      columns={[
        { title: '会员ID', dataIndex: 'memberId', width: 100 },
        { title: '会员', dataIndex: 'username' },
        { title: '解除时间', dataIndex: 'until', render: dateTime },
        {
          title: '操作',
          width: 110,
          render: (_, m) => (
            <Button size="small" onClick={() => unmute(m.memberId)}>
              解除禁言
            </Button>
          ),
        },
      ]}
    />
  );
}

/** The room's moderation record: who did what, to whom, why. */
function RoomRecord({ chatRoomNo }: { chatRoomNo: string }) {
  const actions = useQuery({ queryKey: ['live-actions', chatRoomNo], queryFn: () => call('/api/admin/live/chat/actions', { chatRoomNo, size: 50 }) });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={actions.isFetching}
      dataSource={actions.data?.list}
      pagination={false}
      columns={[
        { title: '时间', dataIndex: 'at', width: 170, render: dateTime },
        { title: '操作', dataIndex: 'action', width: 100, render: (a: string) => ACTIONS[a] ?? a },
        { title: '执行人', dataIndex: 'actor', width: 130, render: (a: string) => (a === 'operator' ? <Tag color="blue">后台</Tag> : a) },
        { title: '对象会员', dataIndex: 'targetMemberId', width: 100, render: (id: number | null) => id ?? '—' },
        { title: '原因', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
      ]}
    />
  );
}

/**
 * Moderation of any chat room: its latest messages (remove one, mute its author), the muted list,
 * and the room's record. The blocked words are a site setting (站点配置).
 */
export function ModerationPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const can = useCan();
  const [chosen, setChosen] = useState<string>();
  const [muting, setMuting] = useState<Message | null>(null);
  const [form] = Form.useForm<{ minutes: number; reason: string }>();
  const rooms = useQuery({ queryKey: ['live-rooms'], queryFn: () => call('/api/admin/live/chat/rooms', {}) });
  const chatRoomNo = chosen ?? rooms.data?.list[0]?.chatRoomNo;
  const messages = useQuery({
    queryKey: ['live-messages', chatRoomNo],
    queryFn: () => call('/api/admin/live/chat/messages', { chatRoomNo: chatRoomNo!, size: 50 }),
    enabled: chatRoomNo !== undefined,
  });
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('live-') });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      message.success('已处理');
      setMuting(null);
      return refresh();
    },
    onError: (err) => message.error(err.message),
  });
  const remove = (m: Message) => act.mutate(() => call('/api/admin/live/chat/delete', { chatRoomNo: chatRoomNo!, id: m.id, reason: '后台删除' }));
  const unmute = (memberId: number) => act.mutate(() => call('/api/admin/live/chat/unmute', { chatRoomNo: chatRoomNo!, memberId }));
  const mute = async () => {
    const f = await form.validateFields();
    act.mutate(() => call('/api/admin/live/chat/mute', { chatRoomNo: chatRoomNo!, memberId: muting!.memberId!, minutes: f.minutes, reason: f.reason }));
  };
  const roomOptions = (rooms.data?.list ?? []).map((r) => ({
    value: r.chatRoomNo,
    label: `${r.kind === 'cast' ? '主播' : '赛事'} · ${r.title}（${r.messages}条）`,
  }));
  return (
    <Card
      title="聊天室管理"
      extra={
        <Space>
          <Select
            aria-label="聊天室"
            showSearch
            optionFilterProp="label"
            style={{ width: 360 }}
            value={chatRoomNo}
            onChange={setChosen}
            options={roomOptions}
          />
          {can('site.manage') && <Button onClick={() => navigate('/site/config')}>屏蔽词设置</Button>}
        </Space>
      }
    >
      {chatRoomNo === undefined ? (
        <Empty description="暂无聊天室" />
      ) : (
        <Tabs
          items={[
            {
              key: 'messages',
              label: '最新消息',
              children: (
                <Table<Message>
                  rowKey="id"
                  size="small"
                  loading={messages.isFetching}
                  dataSource={messages.data?.list}
                  pagination={false}
                  locale={{ emptyText: '暂无消息' }}
                  columns={[
                    { title: '时间', dataIndex: 'createdAt', width: 170, render: dateTime },
                    { title: '会员', width: 160, render: (_, m) => (m.memberId ? `${m.username}（${m.memberId}）` : <Tag>系统</Tag>) },
                    { title: '内容', dataIndex: 'content', render: (text: string) => <Typography.Text>{text}</Typography.Text> },
                    {
                      title: '操作',
                      width: 150,
                      render: (_, m) => (
                        <Space>
                          <Popconfirm title="删除这条消息？所有人将看不到它" okText="删除" cancelText="取消" onConfirm={() => remove(m)}>
                            <Button size="small" danger>
                              删除
                            </Button>
                          </Popconfirm>
                          {m.memberId !== null && (
                            <Button size="small" onClick={() => setMuting(m)}>
                              禁言
                            </Button>
                          )}
                        </Space>
                      ),
                    },
                  ]}
                />
              ),
            },
            { key: 'muted', label: '禁言名单', children: <MutedList chatRoomNo={chatRoomNo} unmute={unmute} /> },
            { key: 'record', label: '操作记录', children: <RoomRecord chatRoomNo={chatRoomNo} /> },
          ]}
        />
      )}
      <Modal
        title={`禁言 ${muting?.username ?? ''}`}
        open={muting !== null}
        okText="禁言"
        cancelText="取消"
        confirmLoading={act.isPending}
        onCancel={() => setMuting(null)}
        onOk={mute}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ minutes: 60 }}>
          <Form.Item label="时长（分钟）" name="minutes" rules={[{ required: true, message: '请填写禁言时长' }]} extra="最长30天">
            <InputNumber min={1} max={CHAT_MUTE_MAX_MINUTES} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="原因" name="reason" rules={[{ max: 200, message: '原因不能超过200个字' }]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
