import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { ADJUST_DIRECTION_LABELS, ADJUST_STATUS_LABELS, AdjustRejectBody, AdjustRequestBody, type Adjustment } from '@bp/contract';
import { call, newIdempotencyKey } from '../../shared/api.ts';
import { dateTime, money } from '../../shared/format.ts';
import { zodRule } from '../../shared/form.ts';
import { ApproveOrReject } from '../../shared/decision.tsx';
import { useMe, useSites } from '../../shared/me.ts';
import { usePagedList } from '../../shared/paged.ts';

type Row = z.output<typeof Adjustment>;
type Filters = { status?: Row['status']; siteId?: number; memberId?: number };
type Threshold = { siteId: number; currency: string; threshold: number };

const STATUS_COLORS: Record<Row['status'], string> = { pending: 'gold', approved: 'green', rejected: 'red' };
const QUERY_KEY = 'adjustments';

/**
 * Manual balance adjustments: a request with a reason; at or below the site's threshold the money
 * moves at once, above it another operator approves or rejects (the server refuses the requester's own).
 */
export function AdjustmentsPage() {
  const { nameOf, sites } = useSites();
  const [params] = useSearchParams();
  const memberParam = Number(params.get('memberId')) || undefined;
  const [asking, setAsking] = useState(memberParam !== undefined);
  const { filters, setFilters, tableProps } = usePagedList<Filters, Row>(QUERY_KEY, {}, (q) => call('/api/admin/wallet/adjust/list', q));
  const thresholds = useQuery({ queryKey: [QUERY_KEY, 'thresholds'], queryFn: () => call('/api/admin/wallet/adjust/list', { page: 1, size: 1 }) }).data
    ?.thresholds;
  return (
    <Card
      title="人工调整"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)}>
          新建调整
        </Button>
      }
    >
      {thresholds && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`超过以下金额的调整须由另一名操作员复核后入账：${thresholds.map((t) => `${nameOf(t.siteId)} ${money(t.threshold, t.currency)}`).join('；')}`}
        />
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 140 }}
          aria-label="状态"
          value={filters.status ?? ''}
          onChange={(status: Row['status'] | '') => setFilters({ ...filters, status: status || undefined })}
          options={[{ value: '', label: '全部状态' }, ...Object.entries(ADJUST_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <Select
          style={{ width: 180 }}
          aria-label="站点"
          value={filters.siteId ?? 0}
          onChange={(siteId) => setFilters({ ...filters, siteId: siteId || undefined })}
          options={[{ value: 0, label: '全部站点' }, ...sites.map((s) => ({ value: s.siteId, label: `${s.name}（${s.currency}）` }))]}
        />
        <Input.Search
          allowClear
          placeholder="会员ID"
          style={{ width: 180 }}
          onSearch={(id) => setFilters({ ...filters, memberId: Number(id.trim()) || undefined })}
        />
      </Space>
      {/* Fits an operator's laptop (1280 px) whole: the time sits under the number, the balance under the amount, so nothing hides under the fixed 操作. */}
      <Table<Row>
        rowKey="adjustmentId"
        size="middle"
        scroll={{ x: 960 }}
        {...tableProps}
        columns={[
          {
            title: '单号 / 申请时间',
            width: 150,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.adjustmentId}</span>
                <Typography.Text type="secondary">{dateTime(r.createdAt)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '会员 / 站点',
            width: 140,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Link to={`/members/${r.memberId}`}>{r.memberName}</Link>
                <Typography.Text type="secondary">{nameOf(r.siteId)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '调整 / 调整后余额',
            width: 170,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Space size={4}>
                  <Tag color={r.direction === 'credit' ? 'blue' : 'volcano'}>{ADJUST_DIRECTION_LABELS[r.direction]}</Tag>
                  {money(r.direction === 'debit' ? -r.amount : r.amount, r.currency)}
                </Space>
                <Typography.Text type="secondary">余额：{r.balanceAfter === null ? '—' : money(r.balanceAfter, r.currency)}</Typography.Text>
              </Space>
            ),
          },
          { title: '原因', dataIndex: 'reason', ellipsis: true },
          { title: '状态', width: 96, render: (_, r) => <StatusCell row={r} /> },
          {
            title: '申请 / 复核',
            width: 140,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>申请：{r.requestedByName}</span>
                <Typography.Text type="secondary">复核：{r.decidedByName ?? (r.needsApproval ? '—' : '无需复核')}</Typography.Text>
              </Space>
            ),
          },
          { title: '操作', fixed: 'right', width: 140, render: (_, r) => (r.status === 'pending' ? <ReviewButtons row={r} /> : null) },
        ]}
      />
      {asking && <RequestModal memberId={memberParam} thresholds={thresholds ?? []} onClose={() => setAsking(false)} />}
    </Card>
  );
}

function StatusCell({ row }: { row: Row }) {
  const tag = <Tag color={STATUS_COLORS[row.status]}>{ADJUST_STATUS_LABELS[row.status]}</Tag>;
  if (!row.rejectReason) return tag;
  return (
    <Space direction="vertical" size={0}>
      {tag}
      <Typography.Text type="secondary">{row.rejectReason}</Typography.Text>
    </Space>
  );
}

/** Approve or reject a pending adjustment; the requester sees why they cannot. */
function ReviewButtons({ row }: { row: Row }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useMe().data;
  // One key per row shown: approving twice (a double click, a retry) is one approval.
  const [approvalKey] = useState(newIdempotencyKey);
  const done = (text: string) => {
    message.success(text);
    return queryClient.invalidateQueries({ queryKey: [QUERY_KEY] });
  };
  const approve = useMutation({
    mutationFn: () => call('/api/admin/wallet/adjust/approve', { adjustmentId: row.adjustmentId }, { idempotencyKey: approvalKey }),
    onSuccess: () => done('已复核通过，款项已入账'),
    onError: (err) => message.error(err.message),
  });
  const reject = useMutation({
    mutationFn: (reason: string) => call('/api/admin/wallet/adjust/reject', { adjustmentId: row.adjustmentId, reason }),
    onSuccess: () => done('已驳回'),
    onError: (err) => message.error(err.message),
  });
  if (me?.operatorId === row.requestedBy) {
    return (
      <Tooltip title="两人复核：须由另一名操作员处理">
        <Typography.Text type="secondary">等待他人复核</Typography.Text>
      </Tooltip>
    );
  }
  const sign = row.direction === 'debit' ? -row.amount : row.amount;
  return (
    <ApproveOrReject
      words={{
        confirm: `确认${ADJUST_DIRECTION_LABELS[row.direction]} ${money(sign, row.currency)}？`,
        rejectWord: '驳回',
        rejectTitle: '驳回调整',
        reasonLabel: '驳回原因',
        reasonRule: zodRule(AdjustRejectBody.shape.reason),
      }}
      approve={approve.mutateAsync}
      approving={approve.isPending}
      reject={reject.mutateAsync}
      rejecting={reject.isPending}
    />
  );
}

type RequestForm = z.input<typeof AdjustRequestBody>;

/** The request form; its Idempotency-Key is made when it opens, so a resubmission records one adjustment. */
function RequestModal({ memberId, thresholds, onClose }: { memberId?: number; thresholds: Threshold[]; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RequestForm>();
  const [key] = useState(newIdempotencyKey);
  const ask = useMutation({
    mutationFn: (body: RequestForm) => call('/api/admin/wallet/adjust/request', body, { idempotencyKey: key }),
    onSuccess: (row) => {
      message.success(
        row.status === 'pending'
          ? `金额超过复核额度，已提交待另一名操作员复核（单号 ${row.adjustmentId}）`
          : `已入账，调整后余额 ${money(row.balanceAfter ?? 0, row.currency)}`,
      );
      onClose();
      return queryClient.invalidateQueries({ queryKey: [QUERY_KEY] });
    },
    onError: (err) => message.error(err.message),
  });
  const shape = AdjustRequestBody.shape;
  return (
    <Modal
      title="新建人工调整"
      open
      okText="提交"
      okButtonProps={{ loading: ask.isPending }}
      onCancel={onClose}
      onOk={() => form.validateFields().then((body) => ask.mutate(body))}
      destroyOnHidden
    >
      <Form<RequestForm> form={form} layout="vertical" initialValues={{ memberId, direction: 'credit' }}>
        <Form.Item label="会员ID" name="memberId" rules={[zodRule(shape.memberId)]}>
          <InputNumber style={{ width: '100%' }} min={1} precision={0} placeholder="在会员管理中可查到会员ID" />
        </Form.Item>
        <Form.Item label="类型" name="direction" rules={[zodRule(shape.direction)]}>
          <Radio.Group
            optionType="button"
            options={Object.entries(ADJUST_DIRECTION_LABELS).map(([value, label]) => ({ value, label: `${label}（中心钱包）` }))}
          />
        </Form.Item>
        <Form.Item
          label="金额"
          name="amount"
          rules={[zodRule(shape.amount)]}
          extra={thresholds.length ? `超过 ${thresholds.map((t) => money(t.threshold, t.currency)).join(' / ')} 须另一名操作员复核` : undefined}
        >
          <InputNumber style={{ width: '100%' }} min={0.01} precision={2} />
        </Form.Item>
        <Form.Item label="原因（记入审计日志）" name="reason" rules={[zodRule(shape.reason)]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：活动奖金补发、误充扣回" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
