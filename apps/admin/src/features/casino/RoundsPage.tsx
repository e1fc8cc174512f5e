import { useState } from 'react';
import { Alert, Card, Descriptions, Drawer, Input, InputNumber, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { AdminRound, AdminRoundData } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime, money } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';
import { usePagedList } from '../../shared/paged.ts';
import { TimeRange } from '../../shared/TimeRange.tsx';
import { RoundResult } from './round-result.tsx';

type Round = z.output<typeof AdminRound>;
type Recall = z.output<typeof AdminRoundData>;

interface Filters {
  memberId?: number;
  api_name?: string;
  gameCode?: string;
  roundId?: string;
  from?: number;
  to?: number;
}

const STATUS: Record<Round['status'], [string, string]> = { open: ['进行中', 'processing'], settled: ['已结算', 'success'], refunded: ['已退款', 'default'] };

/** The site currency of a round, for its amounts. */
function useCurrency() {
  const { sites, nameOf } = useSites();
  return { nameOf, currencyOf: (siteId: number) => sites.find((s) => s.siteId === siteId)?.currency ?? 'CNY' };
}

/** Round recall (GLI-19): every venue's rounds searched by member, venue, game, date and round id; one opened with its proof and ledger. */
export function RoundsPage() {
  const { currencyOf, nameOf } = useCurrency();
  const venues = useQuery({ queryKey: ['casino-venues'], queryFn: () => call('/api/admin/casino/venue/list', {}), staleTime: 300_000 }).data?.list ?? [];
  const { filters, setFilters: change, tableProps } = usePagedList<Filters, Round>('casino-rounds', {}, (q) => call('/api/admin/casino/round/list', q));
  const [opened, open] = useState<string | null>(null);
  const text = (value: string) => value.trim() || undefined;
  return (
    <Card title="游戏对局">
      <Space wrap style={{ marginBottom: 16 }}>
        <InputNumber
          min={1}
          precision={0}
          placeholder="会员ID"
          aria-label="会员ID"
          style={{ width: 140 }}
          onChange={(memberId) => change({ ...filters, memberId: memberId ? Number(memberId) : undefined })}
        />
        <Select
          style={{ width: 180 }}
          aria-label="游戏平台"
          value={filters.api_name ?? ''}
          onChange={(apiName) => change({ ...filters, api_name: apiName || undefined })}
          options={[{ value: '', label: '全部平台' }, ...venues.map((v) => ({ value: v.api_name, label: `${v.name}（${v.api_name}）` }))]}
        />
        <Input.Search
          allowClear
          placeholder="游戏代码"
          aria-label="游戏代码"
          style={{ width: 180 }}
          onSearch={(v) => change({ ...filters, gameCode: text(v) })}
        />
        <Input.Search allowClear placeholder="局号" aria-label="局号" style={{ width: 220 }} onSearch={(v) => change({ ...filters, roundId: text(v) })} />
        <TimeRange onChange={(range) => change({ ...filters, ...range })} />
      </Space>
      <Table<Round>
        rowKey="roundId"
        size="middle"
        {...tableProps}
        onRow={(r) => ({ onClick: () => open(r.roundId), style: { cursor: 'pointer' } })}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: dateTime, width: 170 },
          { title: '局号', dataIndex: 'roundId', render: (id: string) => <Typography.Text code>{id}</Typography.Text> },
          {
            title: '会员',
            dataIndex: 'memberId',
            render: (id: number) => (
              <Link to={`/members/${id}`} onClick={(e) => e.stopPropagation()}>
                {id}
              </Link>
            ),
          },
          { title: '站点', dataIndex: 'siteId', render: nameOf },
          { title: '平台', render: (_, r) => r.venueName },
          { title: '游戏', dataIndex: 'gameName' },
          { title: '投注', align: 'right', render: (_, r) => money(r.stake, currencyOf(r.siteId)) },
          { title: '派彩', align: 'right', render: (_, r) => money(r.payout, currencyOf(r.siteId)) },
          { title: '状态', dataIndex: 'status', render: (s: Round['status']) => <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag> },
        ]}
      />
      <Drawer title="对局详情" width={720} open={opened !== null} onClose={() => open(null)} destroyOnHidden>
        {opened && <RoundDetail roundId={opened} currencyOf={currencyOf} nameOf={nameOf} />}
      </Drawer>
    </Card>
  );
}

function RoundDetail({ roundId, currencyOf, nameOf }: { roundId: string; currencyOf: (siteId: number) => string; nameOf: (siteId: number) => string }) {
  const recall = useQuery({ queryKey: ['casino-round', roundId], queryFn: () => call('/api/admin/casino/round/detail', { roundId }) });
  if (recall.isLoading) return <Spin />;
  if (recall.error) return <Alert type="error" message={recall.error.message} />;
  const { round, proof, transfers, moneyAt } = recall.data!;
  const amount = (value: number | null) => (value === null ? '—' : money(value, currencyOf(round.siteId)));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="局号" span={2}>
          <Typography.Text code copyable>
            {round.roundId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="会员">
          <Link to={`/members/${round.memberId}`}>{round.memberId}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="站点">{nameOf(round.siteId)}</Descriptions.Item>
        <Descriptions.Item label="平台">{`${round.venueName}（${round.api_name}）`}</Descriptions.Item>
        <Descriptions.Item label="游戏">{`${round.gameName}（${round.gameCode}）`}</Descriptions.Item>
        <Descriptions.Item label="投注">{amount(round.stake)}</Descriptions.Item>
        <Descriptions.Item label="派彩">{amount(round.payout)}</Descriptions.Item>
        <Descriptions.Item label="局前余额">{amount(round.balanceBefore)}</Descriptions.Item>
        <Descriptions.Item label="局后余额">{amount(round.balanceAfter)}</Descriptions.Item>
        <Descriptions.Item label="开始">{dateTime(round.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="结算">
          {dateTime(round.settledAt)} <Tag color={STATUS[round.status][1]}>{STATUS[round.status][0]}</Tag>
        </Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>结果</Typography.Title>
        <RoundResult round={round} amount={amount} />
      </div>
      {proof && <Proof proof={proof} />}
      <Ledger transfers={transfers} moneyAt={moneyAt} amount={amount} />
    </Space>
  );
}

/** The originals' seeds: the server seed shows only once the member rotated the pair. */
function Proof({ proof }: { proof: Record<string, unknown> }) {
  return (
    <div>
      <Typography.Title level={5}>公平性证明</Typography.Title>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="服务端种子哈希">
          <Typography.Text code>{String(proof.serverSeedHash)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="客户端种子">{String(proof.clientSeed)}</Descriptions.Item>
        <Descriptions.Item label="Nonce">{String(proof.nonce)}</Descriptions.Item>
        <Descriptions.Item label="服务端种子">
          {proof.serverSeed ? (
            <Typography.Text code>{String(proof.serverSeed)}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">会员更换种子后公开</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

function Ledger({ transfers, moneyAt, amount }: Pick<Recall, 'transfers' | 'moneyAt'> & { amount: (value: number) => string }) {
  return (
    <div>
      <Typography.Title level={5}>账目</Typography.Title>
      {moneyAt === 'venue' ? (
        <Alert type="info" showIcon message="本局在游戏平台钱包结算，资金不经中心钱包账本；会员与该平台之间的转账见会员详情。" />
      ) : (
        <Table
          rowKey="transferId"
          size="small"
          pagination={false}
          dataSource={transfers}
          columns={[
            { title: '#', dataIndex: 'transferId', width: 80 },
            { title: '时间', dataIndex: 'at', render: dateTime, width: 170 },
            { title: '类型', dataIndex: 'kind' },
            { title: '转出', dataIndex: 'from' },
            { title: '转入', dataIndex: 'to' },
            { title: '金额', dataIndex: 'amount', align: 'right', render: amount },
          ]}
        />
      )}
    </div>
  );
}
