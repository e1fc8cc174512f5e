import { App, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { AUDIT_ACTIONS, type AuditEntry } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime } from '../../shared/format.ts';
import { usePagedList } from '../../shared/paged.ts';
import { TimeRange } from '../../shared/TimeRange.tsx';

type Entry = z.output<typeof AuditEntry>;

interface Filters {
  operatorId?: number;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
}

const PRE = { background: '#fafafa', padding: 8, margin: '8px 0 0', maxHeight: 320, overflow: 'auto', fontFamily: 'monospace', fontSize: 12 } as const;
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** The audit log: every operator action, newest first, searchable; the hash chain verified on demand. */
export function AuditPage() {
  const { message, modal } = App.useApp();
  const operators = useQuery({ queryKey: ['operators'], queryFn: () => call('/api/admin/operator/list', {}), retry: false });
  const { filters, setFilters: change, tableProps } = usePagedList<Filters, Entry>('audit', {}, (q) => call('/api/admin/audit/list', q));
  const verify = useMutation({
    mutationFn: () => call('/api/admin/audit/verify', {}),
    onSuccess: (check) =>
      check.ok
        ? modal.success({ title: '哈希链完整', content: `共 ${check.entries} 条记录，逐条校验通过，未发现篡改。` })
        : modal.error({ title: '哈希链已断裂', content: `第 ${check.brokenAt} 条记录校验失败：${check.reason}` }),
    onError: (err) => message.error(err.message),
  });
  return (
    <Card
      title="审计日志"
      extra={
        <Button icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={() => verify.mutate()}>
          校验哈希链
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="操作员"
          style={{ width: 160 }}
          aria-label="操作员"
          onChange={(operatorId?: number) => change({ ...filters, operatorId })}
          options={(operators.data?.list ?? []).map((o) => ({ value: o.operatorId, label: o.name }))}
        />
        <Select
          allowClear
          placeholder="操作类型"
          style={{ width: 160 }}
          aria-label="操作类型"
          onChange={(action?: string) => change({ ...filters, action })}
          options={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
        />
        <Input.Search
          allowClear
          placeholder="对象，如 withdraw:12"
          style={{ width: 220 }}
          onSearch={(target) => change({ ...filters, target: target.trim() || undefined })}
        />
        <TimeRange onChange={(range) => change({ ...filters, ...range })} />
      </Space>
      <Table<Entry>
        rowKey="id"
        size="middle"
        {...tableProps}
        expandable={{
          expandedRowRender: (e) => (
            <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) 300px', gap: 16 }}>
              <div>
                <Typography.Text strong>操作前</Typography.Text>
                <pre style={PRE}>{json(e.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>操作后</Typography.Text>
                <pre style={PRE}>{json(e.after)}</pre>
              </div>
              <div>
                <Typography.Text strong>哈希链</Typography.Text>
                <div style={{ ...PRE, whiteSpace: 'normal', wordBreak: 'break-all' }}>
                  <div>本条：{e.hash}</div>
                  <div style={{ marginTop: 8 }}>上一条：{e.prevHash}</div>
                </div>
              </div>
            </div>
          ),
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 80 },
          { title: '时间', dataIndex: 'at', render: dateTime, width: 180 },
          { title: '操作员', render: (_, e) => e.operatorName ?? <Tag>服务器命令</Tag> },
          { title: '操作', dataIndex: 'action', render: (action: string) => <Tag color="blue">{AUDIT_ACTIONS[action] ?? action}</Tag> },
          { title: '对象', dataIndex: 'target' },
          { title: '来源IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
          { title: '哈希', dataIndex: 'hash', render: (hash: string) => <Typography.Text code>{hash.slice(0, 12)}…</Typography.Text> },
        ]}
      />
    </Card>
  );
}
