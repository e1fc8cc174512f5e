import { useState } from 'react';
import { Button, Card, Descriptions, Drawer, Empty, List, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WithdrawReviewRow } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime, money } from '../../shared/format.ts';
import { useCan, useSites } from '../../shared/me.ts';
import { usePagedList } from '../../shared/paged.ts';
import { DecisionButtons, ReviewFilterBar, StatusTag, type ReviewFilters } from './review.tsx';

type Row = z.output<typeof WithdrawReviewRow>;

/** Withdrawal review: the queue, a risk view per order, approve (paid out) or reject (money returned). */
export function WithdrawalsPage() {
  const can = useCan();
  const { nameOf } = useSites();
  const [risk, setRisk] = useState<Row | null>(null);
  const { filters, setFilters, tableProps } = usePagedList<ReviewFilters, Row>('withdrawals', { status: 'pending' }, (q) =>
    call('/api/admin/wallet/withdraw/list', q),
  );
  return (
    <Card title="提款审核">
      <ReviewFilterBar statuses={['pending', 'paid', 'rejected', 'cancelled']} value={filters} onChange={setFilters} />
      <Table<Row>
        rowKey="orderId"
        scroll={{ x: 1500 }}
        {...tableProps}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 190 },
          { title: '会员', dataIndex: 'memberName', width: 130 },
          { title: '站点', dataIndex: 'siteId', width: 150, render: (siteId: number) => nameOf(siteId) },
          { title: '金额', align: 'right', render: (_, r) => money(r.amount, r.currency) },
          { title: '手续费', align: 'right', render: (_, r) => money(r.fee, r.currency) },
          { title: '实付', align: 'right', render: (_, r) => (r.usdtAmount !== null ? money(r.usdtAmount, 'USDT') : money(r.receivable, r.currency)) },
          {
            title: '收款账户',
            width: 250,
            render: (_, r) => (
              <Typography.Text copyable={{ text: r.payoutTo }} style={{ whiteSpace: 'nowrap' }}>
                {r.destination}
              </Typography.Text>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: string, r) =>
              r.reviewNote ? (
                <Space direction="vertical" size={0}>
                  <StatusTag status={status} />
                  <Typography.Text type="secondary">{r.reviewNote}</Typography.Text>
                </Space>
              ) : (
                <StatusTag status={status} />
              ),
          },
          { title: '申请时间', dataIndex: 'createdAt', render: dateTime, width: 170 },
          {
            title: '操作',
            width: 220,
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setRisk(r)}>
                  风控
                </Button>
                {r.status === 'pending' && can('finance.decide') && (
                  <DecisionButtons
                    orderId={r.orderId}
                    approvePath="/api/admin/wallet/withdraw/approve"
                    rejectPath="/api/admin/wallet/withdraw/reject"
                    approveText={`确认已向 ${r.destination} 出款 ${money(r.receivable, r.currency)}？`}
                    queryKey="withdrawals"
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <RiskDrawer order={risk} onClose={() => setRisk(null)} />
    </Card>
  );
}

/** What the reviewer weighs: turnover still owed, money in and out, shared IPs and devices, recent wins. */
function RiskDrawer({ order, onClose }: { order: Row | null; onClose: () => void }) {
  const risk = useQuery({
    queryKey: ['withdrawal-risk', order?.orderId],
    queryFn: () => call('/api/admin/wallet/withdraw/risk', { orderId: order!.orderId }),
    enabled: order !== null,
  });
  const r = risk.data;
  const c = order?.currency ?? 'CNY';
  return (
    <Drawer title={order ? `风控视图 · ${order.orderNo}` : ''} size={560} open={order !== null} onClose={onClose}>
      {risk.isLoading || !r ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="会员">{r.order.memberName}</Descriptions.Item>
            <Descriptions.Item label="提款金额">{money(r.order.amount, c)}</Descriptions.Item>
            <Descriptions.Item label="收款账户" span={2}>
              {r.order.payoutTo}
            </Descriptions.Item>
          </Descriptions>
          <Space size="large" wrap>
            <Statistic title="未完成流水" value={money(r.turnoverRemaining, c)} valueStyle={{ color: r.turnoverRemaining > 0 ? '#cf1322' : '#389e0d' }} />
            <Statistic title="累计存款" value={money(r.depositTotal, c)} />
            <Statistic title="累计提款" value={money(r.withdrawTotal, c)} />
            <Statistic title="主钱包余额" value={money(r.balance, c)} />
          </Space>
          <Card
            size="small"
            title={
              <span>
                同IP会员 <Tag color={r.sharedIp.length ? 'red' : 'green'}>{r.sharedIp.length}</Tag>
              </span>
            }
          >
            {r.sharedIp.length ? (
              <List
                size="small"
                dataSource={r.sharedIp}
                renderItem={(m) => (
                  <List.Item>
                    {m.name}（#{m.memberId}） · {m.ip}
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无其他会员使用相同IP" />
            )}
          </Card>
          <Card
            size="small"
            title={
              <span>
                同设备会员 <Tag color={r.sharedDevice.length ? 'red' : 'green'}>{r.sharedDevice.length}</Tag>
              </span>
            }
          >
            {r.sharedDevice.length ? (
              <List
                size="small"
                dataSource={r.sharedDevice}
                renderItem={(m) => (
                  <List.Item>
                    {m.name}（#{m.memberId}） · {m.device}
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无其他会员使用相同设备" />
            )}
          </Card>
          <Card size="small" title="近7日中奖（前10笔）">
            {r.recentWins.length ? (
              <List
                size="small"
                dataSource={r.recentWins}
                renderItem={(w) => (
                  <List.Item extra={money(w.amount, c)}>
                    {dateTime(w.at)} · {w.memo ?? w.kind}
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近7日无中奖" />
            )}
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
