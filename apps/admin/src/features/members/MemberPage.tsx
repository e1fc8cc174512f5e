import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { MEMBER_TAG_LABELS, MemberBlockBody, MemberNoteBody, MemberVipBody } from '@bp/contract';
import { call, type AdminPath, type BodyOf } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { dateTime, money } from '../../shared/format.ts';
import { useCan, useSites } from '../../shared/me.ts';
import { MemberStatus } from './status.tsx';

type Lever =
  | '/api/admin/member/block'
  | '/api/admin/member/blockIp'
  | '/api/admin/member/blockDevice'
  | '/api/admin/member/tags'
  | '/api/admin/member/vip'
  | '/api/admin/member/note';
/** One of the member levers with its body (each checked against its own path). */
type LeverCall = { [P in Lever]: { path: P; body: BodyOf<P> } }[Lever];

/** A member's page: profile, wallet and ledger, sign-ins and devices, notes, and the operator's levers. */
export function MemberPage() {
  const memberId = Number(useParams().memberId);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = useCan();
  const { nameOf } = useSites();
  const detail = useQuery({ queryKey: ['member', memberId], queryFn: () => call('/api/admin/member/detail', { memberId }), enabled: memberId > 0 });
  const lever = useMutation({
    mutationFn: (args: LeverCall) => call(args.path as AdminPath, args.body as never) as Promise<unknown>,
    onSuccess: () => {
      message.success('已保存');
      setAsking(null);
      return queryClient.invalidateQueries({ queryKey: ['member', memberId] });
    },
    onError: (err) => message.error(err.message),
  });
  const reset = useMutation({
    mutationFn: () => call('/api/admin/member/password/reset', { memberId }),
    onSuccess: ({ temporaryPassword }) =>
      modal.success({
        title: '密码已重置',
        content: (
          <span>
            临时密码：
            <Typography.Text copyable code>
              {temporaryPassword}
            </Typography.Text>
            <br />
            请通过安全渠道告知会员，会员下次登录时须修改密码。此密码仅显示一次。
          </span>
        ),
      }),
    onError: (err) => message.error(err.message),
  });
  const [asking, setAsking] = useState<null | {
    title: string;
    kind: 'reason' | 'vip' | 'note';
    submit: (fields: { reason?: string; vipLevel?: number; content?: string }) => void;
  }>(null);
  const [form] = Form.useForm();
  const m = detail.data;
  if (!m) return <Card loading={detail.isLoading} title="会员详情" />;
  const manage = can('member.manage');
  const blocked = m.status === '2';
  const c = m.currency;
  const ask = (title: string, kind: 'reason' | 'vip' | 'note', submit: (fields: { reason?: string; vipLevel?: number; content?: string }) => void) => {
    form.resetFields();
    setAsking({ title, kind, submit });
  };
  const blockThing = (path: '/api/admin/member/blockIp' | '/api/admin/member/blockDevice', field: 'ip' | 'device', value: string, block: boolean) =>
    ask(`${block ? '封禁' : '解封'}${field === 'ip' ? 'IP' : '设备'} ${value}`, 'reason', ({ reason }) =>
      lever.mutate({ path, body: { siteId: m.siteId, [field]: value, blocked: block, reason: reason! } } as LeverCall),
    );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {m.name}
            <MemberStatus status={m.status} />
            <Tag color="gold">VIP{m.vipLevel}</Tag>
            {m.isAgent && <Tag color="purple">代理</Tag>}
          </Space>
        }
        extra={
          manage && (
            <Space>
              <Button
                danger={!blocked}
                onClick={() =>
                  ask(blocked ? '解封账号' : '封禁账号（会员将被强制下线）', 'reason', ({ reason }) =>
                    lever.mutate({ path: '/api/admin/member/block', body: { memberId, blocked: !blocked, reason: reason! } }),
                  )
                }
              >
                {blocked ? '解封账号' : '封禁账号'}
              </Button>
              <Button
                onClick={() =>
                  ask('调整VIP等级', 'vip', ({ vipLevel, reason }) =>
                    lever.mutate({ path: '/api/admin/member/vip', body: { memberId, vipLevel: vipLevel!, reason: reason! } }),
                  )
                }
              >
                调整VIP
              </Button>
              <Popconfirm title="重置后会员所有登录将失效，确定重置密码？" okText="重置" cancelText="取消" onConfirm={() => reset.mutateAsync()}>
                <Button>重置密码</Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label="会员ID">{m.memberId}</Descriptions.Item>
          <Descriptions.Item label="站点">{nameOf(m.siteId)}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{dateTime(m.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="昵称">{m.nickname || '—'}</Descriptions.Item>
          <Descriptions.Item label="真实姓名">{m.realName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="生日">{m.birthday ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="手机">{m.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{m.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="邀请码">{m.inviteCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="标签" span={3}>
            <Select
              mode="multiple"
              style={{ minWidth: 320 }}
              disabled={!manage}
              value={m.tags as Array<'activity_blacklist' | 'no_level_bonus'>}
              aria-label="会员标签"
              placeholder="无标签"
              onChange={(tags: Array<'activity_blacklist' | 'no_level_bonus'>) => lever.mutate({ path: '/api/admin/member/tags', body: { memberId, tags } })}
              options={Object.entries(MEMBER_TAG_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={16}>
        {[
          ['主钱包', m.balances.main],
          ['场馆钱包', m.balances.venues],
          ['余额宝', m.balances.yeb],
          ['红利钱包', m.balances.bonus],
          ['提款冻结', m.balances.hold],
        ].map(([title, value]) => (
          <Col flex={1} key={title}>
            <Card size="small">
              <Statistic title={title} value={money(value as number, c)} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card>
        <Tabs
          items={[
            {
              key: 'ledger',
              label: '资金流水',
              children: (
                <Table
                  rowKey={(_, i) => String(i)}
                  size="small"
                  pagination={false}
                  dataSource={m.ledger}
                  columns={[
                    { title: '时间', dataIndex: 'at', render: dateTime, width: 180 },
                    { title: '类型', dataIndex: 'kind' },
                    {
                      title: '金额',
                      dataIndex: 'amount',
                      align: 'right',
                      render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : '#389e0d' }}>{money(v, c)}</span>,
                    },
                    { title: '备注', dataIndex: 'memo', render: (v: string | null) => v ?? '—' },
                  ]}
                />
              ),
            },
            {
              key: 'logins',
              label: '登录与设备',
              children: (
                <Table
                  rowKey={(_, i) => String(i)}
                  size="small"
                  pagination={false}
                  dataSource={m.logins}
                  columns={[
                    { title: '登录时间', dataIndex: 'at', render: dateTime, width: 180 },
                    { title: '最后活动', dataIndex: 'lastSeenAt', render: dateTime, width: 180 },
                    {
                      title: 'IP',
                      dataIndex: 'ip',
                      render: (ip: string | null) =>
                        ip ? (
                          <Space>
                            {ip}
                            {m.blockedIps.includes(ip) && <Tag color="red">已封禁</Tag>}
                            {manage && (
                              <Button size="small" type="link" onClick={() => blockThing('/api/admin/member/blockIp', 'ip', ip, !m.blockedIps.includes(ip))}>
                                {m.blockedIps.includes(ip) ? '解封' : '封禁'}
                              </Button>
                            )}
                          </Space>
                        ) : (
                          '—'
                        ),
                    },
                    {
                      title: '设备',
                      dataIndex: 'device',
                      render: (device: string | null) =>
                        device ? (
                          <Space>
                            <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                              {device}
                            </Typography.Text>
                            {m.blockedDevices.includes(device) && <Tag color="red">已封禁</Tag>}
                            {manage && (
                              <Button
                                size="small"
                                type="link"
                                onClick={() => blockThing('/api/admin/member/blockDevice', 'device', device, !m.blockedDevices.includes(device))}
                              >
                                {m.blockedDevices.includes(device) ? '解封' : '封禁'}
                              </Button>
                            )}
                          </Space>
                        ) : (
                          '—'
                        ),
                    },
                    { title: '结束原因', dataIndex: 'endedReason', render: (v: string | null) => v ?? '在线' },
                  ]}
                />
              ),
            },
            {
              key: 'notes',
              label: `备注（${m.notes.length}）`,
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {manage && (
                    <Button
                      type="primary"
                      onClick={() =>
                        ask('添加备注', 'note', ({ content }) => lever.mutate({ path: '/api/admin/member/note', body: { memberId, content: content! } }))
                      }
                    >
                      添加备注
                    </Button>
                  )}
                  <List
                    dataSource={m.notes}
                    locale={{ emptyText: '暂无备注' }}
                    renderItem={(n) => (
                      <List.Item>
                        <List.Item.Meta title={`${n.operatorName} · ${dateTime(n.at)}`} description={n.content} />
                      </List.Item>
                    )}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={asking?.title}
        open={asking !== null}
        okText="确定"
        confirmLoading={lever.isPending}
        onCancel={() => setAsking(null)}
        onOk={() => form.validateFields().then((f) => asking?.submit(f))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ vipLevel: m.vipLevel }}>
          {asking?.kind === 'vip' && (
            <Form.Item label="VIP等级" name="vipLevel" rules={[zodRule(MemberVipBody.shape.vipLevel)]}>
              <InputNumber min={0} max={20} />
            </Form.Item>
          )}
          {asking?.kind === 'note' ? (
            <Form.Item label="备注内容" name="content" rules={[zodRule(MemberNoteBody.shape.content)]}>
              <Input.TextArea rows={4} maxLength={500} showCount />
            </Form.Item>
          ) : (
            <Form.Item label="原因（记入审计日志）" name="reason" rules={[zodRule(MemberBlockBody.shape.reason)]}>
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Space>
  );
}
