import { Card, DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { MATCH_STATUS_LABELS, MATCH_STATUSES, SPORTS, type BookFixture, type Sport } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { usePagedList } from '../../shared/paged.ts';
import { MatchStatusTag, SPORT_LABELS } from './desk.tsx';
import { HoldButton, ResultButton } from './FixtureActions.tsx';

type Fixture = z.output<typeof BookFixture>;
interface Filters {
  sport?: Sport;
  status?: (typeof MATCH_STATUSES)[number];
  day?: string;
  keyword?: string;
}

/** The trader's board: fixtures by sport, status and day, each with its open bets and its levers. */
export function FixturesPage() {
  const navigate = useNavigate();
  const { filters, setFilters, tableProps } = usePagedList<Filters, Fixture>('fixtures', { day: dayjs().format('YYYY-MM-DD') }, (q) =>
    call('/api/admin/sports/fixture/list', q),
  );
  return (
    <Card title="赛事管理">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="运动"
          style={{ width: 120 }}
          value={filters.sport ?? ''}
          onChange={(sport) => setFilters({ ...filters, sport: (sport || undefined) as Sport | undefined })}
          options={[{ value: '', label: '全部运动' }, ...SPORTS.map((s) => ({ value: s, label: SPORT_LABELS[s] }))]}
        />
        <Select
          aria-label="状态"
          style={{ width: 120 }}
          value={filters.status ?? ''}
          onChange={(status) => setFilters({ ...filters, status: (status || undefined) as Filters['status'] })}
          options={[{ value: '', label: '全部状态' }, ...MATCH_STATUSES.map((s) => ({ value: s, label: MATCH_STATUS_LABELS[s] }))]}
        />
        <DatePicker
          aria-label="开赛日期"
          placeholder="全部日期"
          value={filters.day ? dayjs(filters.day) : null}
          onChange={(d) => setFilters({ ...filters, day: d ? d.format('YYYY-MM-DD') : undefined })}
        />
        <Input.Search
          allowClear
          placeholder="球队或联赛"
          style={{ width: 220 }}
          onSearch={(keyword) => setFilters({ ...filters, keyword: keyword.trim() || undefined })}
        />
      </Space>
      <Table<Fixture>
        rowKey="matchId"
        size="middle"
        scroll={{ x: 980 }}
        {...tableProps}
        columns={[
          { title: '开赛', dataIndex: 'startAt', width: 110, render: (at: number) => dayjs(at).format('MM-DD HH:mm') },
          {
            title: '联赛',
            width: 180,
            ellipsis: true,
            render: (_, f) => `${SPORT_LABELS[f.sport]} · ${f.leagueName}`,
          },
          {
            title: '对阵',
            render: (_, f) => (
              <Typography.Link onClick={() => navigate(`/sports/fixtures/${f.matchId}`)}>
                {f.homeName} vs {f.visitName}
              </Typography.Link>
            ),
          },
          { title: '比分', width: 64, render: (_, f) => (f.status === 'scheduled' ? '—' : `${f.homeScore}:${f.visitScore}`) },
          {
            title: '状态',
            width: 150,
            render: (_, f) => (
              <>
                <MatchStatusTag status={f.status} held={f.held} />
                {f.result !== null && (f.settled ? <Tag color="green">已结算</Tag> : <Tag color="gold">结算中</Tag>)}
              </>
            ),
          },
          { title: '未结注单', dataIndex: 'openBets', width: 80, align: 'right' },
          {
            title: '操作',
            width: 180,
            render: (_, f) => (
              <Space size={4}>
                <HoldButton fixture={f} />
                <ResultButton fixture={f} />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
