import { useState } from 'react';
import { App, Button, Card, Image, Space, Table, Typography } from 'antd';
import type { z } from 'zod';
import type { DepositReviewRow } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime, money } from '../../shared/format.ts';
import { useCan, useSites } from '../../shared/me.ts';
import { usePagedList } from '../../shared/paged.ts';
import { DecisionButtons, ReviewFilterBar, StatusTag, type ReviewFilters } from './review.tsx';

type Row = z.output<typeof DepositReviewRow>;
const OPEN = ['pending', 'reviewing', 'appealing'];

/** Deposit review: speedPay transfers the member says are made, with their proofs; approve (credited once) or reject. */
export function DepositsPage() {
  const can = useCan();
  const { nameOf } = useSites();
  const { message } = App.useApp();
  const [proof, setProof] = useState<string | null>(null);
  const { filters, setFilters, tableProps } = usePagedList<ReviewFilters, Row>('deposits', { status: 'reviewing' }, (q) =>
    call('/api/admin/wallet/deposit/list', q),
  );
  const showProof = async (orderId: number) => {
    try {
      setProof((await call('/api/admin/wallet/deposit/proof', { orderId })).dataUrl);
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  return (
    <Card title="存款审核">
      <ReviewFilterBar statuses={['pending', 'reviewing', 'appealing', 'success', 'rejected', 'cancelled']} value={filters} onChange={setFilters} />
      <Table<Row>
        rowKey="orderId"
        scroll={{ x: 1400 }}
        {...tableProps}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 190 },
          { title: '会员', dataIndex: 'memberName', width: 130 },
          { title: '站点', dataIndex: 'siteId', width: 150, render: (siteId: number) => nameOf(siteId) },
          { title: '支付方式', dataIndex: 'payTypeName' },
          { title: '金额', align: 'right', render: (_, r) => money(r.amount, r.currency) },
          { title: '付款人', dataIndex: 'payerName', render: (name: string | null) => name ?? '—' },
          {
            title: '凭证',
            render: (_, r) =>
              r.hasProof ? (
                <Button size="small" type="link" onClick={() => showProof(r.orderId)}>
                  查看凭证
                </Button>
              ) : (
                <Typography.Text type="secondary">未上传</Typography.Text>
              ),
          },
          {
            title: '状态',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <StatusTag status={r.status} />
                {r.appealReason && <Typography.Text type="warning">申诉：{r.appealReason}</Typography.Text>}
                {r.reviewNote && <Typography.Text type="secondary">{r.reviewNote}</Typography.Text>}
              </Space>
            ),
          },
          { title: '提交时间', dataIndex: 'createdAt', render: dateTime, width: 170 },
          {
            title: '操作',
            width: 150,
            render: (_, r) =>
              OPEN.includes(r.status) && r.kind !== 'sandbox' && can('finance.decide') ? (
                <DecisionButtons
                  orderId={r.orderId}
                  approvePath="/api/admin/wallet/deposit/approve"
                  rejectPath="/api/admin/wallet/deposit/reject"
                  approveText={`确认已收到 ${money(r.amount, r.currency)} 并为会员入账？`}
                  queryKey="deposits"
                />
              ) : null,
          },
        ]}
      />
      <Image
        style={{ display: 'none' }}
        src={proof ?? undefined}
        preview={{ open: proof !== null, src: proof ?? undefined, onOpenChange: (open) => !open && setProof(null) }}
      />
    </Card>
  );
}
