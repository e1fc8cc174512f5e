import { useState } from 'react';
import { App, Button, Card, Drawer, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AgentApplicationRow, AgentApplicationStatus } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';
import { usePagedList } from '../../shared/paged.ts';

type Application = z.output<typeof AgentApplicationRow>;
interface Filters {
  siteId?: number;
  status?: AgentApplicationStatus;
}
const STATUS: Record<AgentApplicationStatus, [string, string]> = {
  pending: ['待审核', 'orange'],
  approved: ['已通过', 'green'],
  rejected: ['已拒绝', 'default'],
};

/** The members an agent brought, in a drawer. */
function AgentMembers({ memberId, onClose }: { memberId: number | null; onClose: () => void }) {
  const members = useQuery({
    queryKey: ['agent-members', memberId],
    queryFn: () => call('/api/admin/agent/members', { memberId: memberId!, size: 200 }),
    enabled: memberId !== null,
  });
  const agent = members.data?.agent;
  return (
    <Drawer title={agent ? `${agent.name} 的下级会员` : '下级会员'} open={memberId !== null} onClose={onClose} width={640}>
      {agent && (
        <Typography.Paragraph>
          邀请码{' '}
          <Typography.Text code copyable>
            {agent.inviteCode}
          </Typography.Text>{' '}
          · 共 {members.data?.total ?? 0} 人
        </Typography.Paragraph>
      )}
      <Table
        rowKey="memberId"
        size="small"
        loading={members.isFetching}
        dataSource={members.data?.list}
        pagination={false}
        locale={{ emptyText: '暂无下级会员' }}
        columns={[
          { title: '会员ID', dataIndex: 'memberId', width: 90 },
          { title: '账号', dataIndex: 'name' },
          { title: 'VIP', dataIndex: 'vipLevel', width: 70, render: (l: number) => `VIP${l}` },
          { title: '注册时间', dataIndex: 'createdAt', width: 170, render: dateTime },
        ]}
      />
    </Drawer>
  );
}

/** Agent applications: approved or rejected; an agent's members. */
export function AgentsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { sites, nameOf } = useSites();
  const [viewing, setViewing] = useState<number | null>(null);
  const { filters, setFilters, tableProps } = usePagedList<Filters, Application>('agent-applications', { status: 'pending' }, (q) =>
    call('/api/admin/agent/applications', q),
  );
  const decide = useMutation({
    mutationFn: (d: { memberId: number; approve: boolean }) => call('/api/admin/agent/decide', d),
    onSuccess: (d) => {
      message.success(d.isAgent ? '已通过，该会员已成为代理' : '已拒绝');
      return queryClient.invalidateQueries({ queryKey: ['agent-applications'] });
    },
    onError: (err) => message.error(err.message),
  });
  return (
    <Card
      title="代理申请"
      extra={
        <Space>
          <Select
            aria-label="站点"
            style={{ width: 180 }}
            value={filters.siteId ?? 0}
            onChange={(siteId) => setFilters({ ...filters, siteId: siteId || undefined })}
            options={[{ value: 0, label: '全部站点' }, ...sites.map((s) => ({ value: s.siteId, label: nameOf(s.siteId) }))]}
          />
          <Select
            aria-label="状态"
            style={{ width: 120 }}
            value={filters.status ?? ''}
            onChange={(status) => setFilters({ ...filters, status: (status || undefined) as Filters['status'] })}
            options={[{ value: '', label: '全部状态' }, ...Object.entries(STATUS).map(([value, [label]]) => ({ value, label }))]}
          />
        </Space>
      }
    >
      <Table<Application>
        rowKey="applicationId"
        {...tableProps}
        columns={[
          { title: '会员', width: 220, render: (_, a) => `${a.memberName}（${a.memberId}）` },
          { title: '站点', dataIndex: 'siteId', width: 150, render: nameOf },
          { title: '联系方式', dataIndex: 'contact', width: 180, ellipsis: true },
          { title: '说明', dataIndex: 'note', ellipsis: true, render: (n: string | null) => n ?? '—' },
          { title: '申请时间', dataIndex: 'createdAt', width: 170, render: dateTime },
          { title: '状态', dataIndex: 'status', width: 90, render: (st: AgentApplicationStatus) => <Tag color={STATUS[st][1]}>{STATUS[st][0]}</Tag> },
          {
            title: '操作',
            width: 150,
            render: (_, a) =>
              a.status === 'pending' ? (
                <Space>
                  <Popconfirm
                    title="通过后该会员成为代理"
                    okText="通过"
                    cancelText="取消"
                    onConfirm={() => decide.mutate({ memberId: a.memberId, approve: true })}
                  >
                    <Button size="small" type="primary">
                      通过
                    </Button>
                  </Popconfirm>
                  <Popconfirm title="拒绝这份申请？" okText="拒绝" cancelText="取消" onConfirm={() => decide.mutate({ memberId: a.memberId, approve: false })}>
                    <Button size="small" danger>
                      拒绝
                    </Button>
                  </Popconfirm>
                </Space>
              ) : a.status === 'approved' ? (
                <Button size="small" onClick={() => setViewing(a.memberId)}>
                  下级会员
                </Button>
              ) : null,
          },
        ]}
      />
      <AgentMembers memberId={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
