import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Select, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import type { BookMarket, BookSelection } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime, money } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';
import { MarketStatusTag, MatchStatusTag, SPORT_LABELS } from './desk.tsx';
import { HoldButton, MarketActions, ResultButton } from './FixtureActions.tsx';

type Market = z.output<typeof BookMarket>;
type Selection = z.output<typeof BookSelection>;

/** Red where the house stands to lose, green where it wins. */
const Exposure = ({ value, currency }: { value: number; currency: string }) => (
  <Typography.Text type={value > 0 ? 'danger' : value < 0 ? 'success' : undefined}>{money(value, currency)}</Typography.Text>
);

/** A fixture: its result and levers, and each market's prices with the house's exposure on the chosen site. */
export function FixturePage() {
  const matchId = Number(useParams().matchId);
  const navigate = useNavigate();
  const { sites } = useSites();
  const [siteId, setSiteId] = useState<number | null>(null);
  const site = siteId ?? sites[0]?.siteId ?? null;
  const board = useQuery({
    queryKey: ['fixture', matchId, site],
    queryFn: () => call('/api/admin/sports/fixture/markets', { matchId, siteId: site! }),
    enabled: site !== null,
    refetchInterval: 10_000,
  });
  const data = board.data;
  if (!data) return <Card loading={board.isLoading}>{board.error ? <Empty description={board.error.message} /> : <Spin />}</Card>;
  const { fixture: f, currency, markets } = data;
  const totalStakes = markets.reduce((sum, m) => sum + m.stakes, 0);
  const worst = markets.reduce((max, m) => Math.max(max, m.worstCase), 0);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/sports/fixtures')} aria-label="返回赛事列表" />
            {f.homeName} vs {f.visitName}
            <MatchStatusTag status={f.status} held={f.held} />
          </Space>
        }
        extra={
          <Space>
            <Select
              aria-label="站点"
              style={{ width: 260 }}
              value={site}
              onChange={setSiteId}
              options={sites.map((s) => ({ value: s.siteId, label: `风险站点：${s.name}（${s.currency}）` }))}
            />
            <HoldButton fixture={f} />
            <ResultButton fixture={f} />
          </Space>
        }
      >
        <Space size={48} wrap align="start">
          <Descriptions column={2} size="small" style={{ width: 560 }}>
            <Descriptions.Item label="联赛">
              {SPORT_LABELS[f.sport]} · {f.leagueName}
            </Descriptions.Item>
            <Descriptions.Item label="开赛时间">{dateTime(f.startAt)}</Descriptions.Item>
            <Descriptions.Item label="比分">{f.status === 'scheduled' ? '—' : `${f.homeScore} : ${f.visitScore}`}</Descriptions.Item>
            <Descriptions.Item label="赛果">
              {f.result === null ? (
                <Tag>未出赛果</Tag>
              ) : (
                <Space size={4}>
                  {f.result.cancelled ? '赛事取消' : `${f.result.homeScore} : ${f.result.visitScore}`}
                  {f.resultByOperator && <Tag color="purple">人工录入</Tag>}
                  {f.settled ? <Tag color="green">已结算</Tag> : <Tag color="gold">结算中</Tag>}
                </Space>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Space size={32}>
            <Statistic title="未结注单" value={f.openBets} />
            <Statistic title="单注投注额" value={money(totalStakes, currency)} />
            <Statistic title="最大单盘风险" value={money(worst, currency)} valueStyle={{ color: worst > 0 ? '#cf1322' : undefined }} />
          </Space>
        </Space>
      </Card>
      {markets.map((m) => (
        <MarketCard key={m.marketId} market={m} currency={currency} actions={<MarketActions fixture={f} market={m} />} />
      ))}
      {markets.length === 0 && <Empty description="本场暂无盘口" />}
    </Space>
  );
}

function MarketCard({ market: m, currency, actions }: { market: Market; currency: string; actions: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <Space>
          {m.name}
          <MarketStatusTag status={m.status} />
          {m.held && <Tag color="orange">人工暂停</Tag>}
          {m.voidReason !== null && <Tag color="red">已作废：{m.voidReason}</Tag>}
        </Space>
      }
      extra={
        <Space size="large">
          <span>
            投注额 <b>{money(m.stakes, currency)}</b>
          </span>
          <span>
            最坏情况 <Exposure value={m.worstCase} currency={currency} />
          </span>
          {actions}
        </Space>
      }
    >
      <Table<Selection>
        rowKey="selectionId"
        size="small"
        pagination={false}
        dataSource={m.selections}
        columns={[
          { title: '选项', dataIndex: 'name' },
          { title: '赔率', dataIndex: 'odds', width: 80, align: 'right', render: (odds: number) => odds.toFixed(2) },
          { title: '状态', dataIndex: 'status', width: 80, render: (status: Selection['status']) => <MarketStatusTag status={status} /> },
          { title: '单注数', dataIndex: 'bets', width: 80, align: 'right' },
          { title: '投注额', dataIndex: 'stakes', width: 130, align: 'right', render: (v: number) => money(v, currency) },
          { title: '潜在派彩', dataIndex: 'potentialPayout', width: 130, align: 'right', render: (v: number) => money(v, currency) },
          { title: '风险敞口', dataIndex: 'liability', width: 130, align: 'right', render: (v: number) => <Exposure value={v} currency={currency} /> },
          {
            title: '串关（注数 / 潜在派彩）',
            width: 190,
            align: 'right',
            render: (_, s) => (s.parlayBets ? `${s.parlayBets} / ${money(s.parlayPotential, currency)}` : '—'),
          },
        ]}
      />
    </Card>
  );
}
