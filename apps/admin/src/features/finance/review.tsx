import { App, Input, Select, Space, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RejectBody } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { ApproveOrReject } from '../../shared/decision.tsx';
import { zodRule } from '../../shared/form.ts';
import { useSites } from '../../shared/me.ts';

/** What the review screens of deposits and withdrawals share: statuses, filters, the decision buttons. */

export const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  pending: { label: '待审核', color: 'gold' },
  reviewing: { label: '待审核', color: 'gold' },
  appealing: { label: '申诉中', color: 'orange' },
  paid: { label: '已出款', color: 'green' },
  success: { label: '已到账', color: 'green' },
  rejected: { label: '已拒绝', color: 'red' },
  cancelled: { label: '已取消', color: 'default' },
};

export const StatusTag = ({ status }: { status: string }) => {
  const s = STATUS_LABELS[status] ?? { label: status, color: 'default' };
  return <Tag color={s.color}>{s.label}</Tag>;
};

export interface ReviewFilters {
  status?: string;
  siteId?: number;
  memberName?: string;
}

export function ReviewFilterBar({ statuses, value, onChange }: { statuses: string[]; value: ReviewFilters; onChange: (next: ReviewFilters) => void }) {
  const { sites } = useSites();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        style={{ width: 140 }}
        value={value.status ?? ''}
        onChange={(status) => onChange({ ...value, status: status || undefined })}
        options={[{ value: '', label: '全部状态' }, ...statuses.map((s) => ({ value: s, label: STATUS_LABELS[s]?.label ?? s }))]}
        aria-label="状态"
      />
      <Select
        style={{ width: 180 }}
        value={value.siteId ?? 0}
        onChange={(siteId) => onChange({ ...value, siteId: siteId || undefined })}
        options={[{ value: 0, label: '全部站点' }, ...sites.map((s) => ({ value: s.siteId, label: `${s.name}（${s.currency}）` }))]}
        aria-label="站点"
      />
      <Input.Search
        allowClear
        placeholder="会员账号"
        style={{ width: 220 }}
        onSearch={(name) => onChange({ ...value, memberName: name.trim() || undefined })}
      />
    </Space>
  );
}

type DecisionPath =
  '/api/admin/wallet/withdraw/approve' | '/api/admin/wallet/withdraw/reject' | '/api/admin/wallet/deposit/approve' | '/api/admin/wallet/deposit/reject';

/** Approve (after a confirmation) and reject (with a reason the member reads) of one order. */
export function DecisionButtons({
  orderId,
  approvePath,
  rejectPath,
  approveText,
  queryKey,
}: {
  orderId: number;
  approvePath: DecisionPath;
  rejectPath: DecisionPath;
  approveText: string;
  queryKey: string;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const done = (text: string) => {
    message.success(text);
    return queryClient.invalidateQueries({ queryKey: [queryKey] });
  };
  const approve = useMutation({
    mutationFn: () => call(approvePath, { orderId }),
    onSuccess: () => done('已通过'),
    onError: (err) => message.error(err.message),
  });
  const reject = useMutation({
    mutationFn: (reason: string) => call(rejectPath, { orderId, reason }),
    onSuccess: () => done('已拒绝'),
    onError: (err) => message.error(err.message),
  });
  return (
    <ApproveOrReject
      words={{
        confirm: approveText,
        rejectWord: '拒绝',
        rejectTitle: '拒绝订单',
        reasonLabel: '拒绝原因（会员可见）',
        reasonRule: zodRule(RejectBody.shape.reason),
        placeholder: '例如：收款信息与实名不符',
      }}
      approve={approve.mutateAsync}
      approving={approve.isPending}
      reject={reject.mutateAsync}
      rejecting={reject.isPending}
    />
  );
}
