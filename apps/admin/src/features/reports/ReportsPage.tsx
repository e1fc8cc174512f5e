import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Segmented, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { REPORT_GROUP_LABELS, REPORT_GROUPS, reportCsv, type ReportRow } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { money } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Chart } from '../../shared/chart.tsx';

type Row = z.output<typeof ReportRow>;
type Group = (typeof REPORT_GROUPS)[number];

/** The figures a report shows, in the order of its columns and its CSV. */
export const FIGURES: Array<{ key: keyof Row & string; title: string; money: boolean }> = [
  { key: 'bets', title: '注单数', money: false },
  { key: 'turnover', title: '投注额', money: true },
  { key: 'payouts', title: '派彩', money: true },
  { key: 'ggr', title: 'GGR', money: true },
  { key: 'bonuses', title: '红利', money: true },
  { key: 'rebates', title: '返水', money: true },
  { key: 'ngr', title: 'NGR', money: true },
  { key: 'deposits', title: '存款', money: true },
  { key: 'withdrawals', title: '提款', money: true },
];

/** What a report's first column is called, per grouping. */
const DIMENSIONS: Record<Group, string> = { day: '日期', site: '站点', venue: '场馆', agent: '代理' };

const COLORS = { turnover: '#1f5fbf', ggr: '#13a8a8', ngr: '#389e0d', deposits: '#722ed1', withdrawals: '#d4380d' };

/** A row's name on screen: its label, with the currency when the report mixes sites of several. */
const nameOf = (r: Row, mixed: boolean) => (mixed ? `${r.label}（${r.currency}）` : r.label);

/** Reports by day, site, venue or agent over Shanghai days: a chart, the table, and its CSV. */
export function ReportsPage() {
  const { sites } = useSites();
  const [groupBy, setGroupBy] = useState<Group>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(6, 'day'), dayjs()]);
  const [siteId, setSiteId] = useState<number | null>(null);
  const site = siteId ?? (groupBy === 'site' ? 0 : (sites[0]?.siteId ?? 0));
  const body = { groupBy, from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD'), ...(site ? { siteId: site } : {}) };
  const report = useQuery({
    queryKey: ['report', body],
    queryFn: () => call('/api/admin/report', body),
    placeholderData: keepPreviousData,
    enabled: sites.length > 0,
  });
  const rows = report.data?.rows ?? [];
  const mixed = new Set(rows.map((r) => r.currency)).size > 1;
  const siteName = site ? (sites.find((s) => s.siteId === site)?.name ?? `站点${site}`) : '全部站点';

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title="报表"
        extra={
          <Button
            icon={<DownloadOutlined />}
            disabled={!rows.length}
            onClick={() =>
              downloadCsv(`报表_${REPORT_GROUP_LABELS[groupBy]}_${siteName}_${body.from}_${body.to}.csv`, reportCsv(rows, DIMENSIONS[groupBy], FIGURES))
            }
          >
            导出 CSV
          </Button>
        }
      >
        <Space wrap>
          <Segmented<Group> value={groupBy} onChange={setGroupBy} options={REPORT_GROUPS.map((g) => ({ value: g, label: REPORT_GROUP_LABELS[g] }))} />
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
            presets={[
              { label: '今天', value: [dayjs(), dayjs()] },
              { label: '近7天', value: [dayjs().subtract(6, 'day'), dayjs()] },
              { label: '近30天', value: [dayjs().subtract(29, 'day'), dayjs()] },
              { label: '本月', value: [dayjs().startOf('month'), dayjs()] },
            ]}
          />
          <Select
            style={{ width: 200 }}
            aria-label="站点"
            value={site}
            onChange={setSiteId}
            options={[{ value: 0, label: '全部站点' }, ...sites.map((s) => ({ value: s.siteId, label: `${s.name}（${s.currency}）` }))]}
          />
          <Typography.Text type="secondary">日期按北京时间；NGR = GGR − 红利 − 返水</Typography.Text>
        </Space>
      </Card>
      <Card size="small" loading={report.isLoading}>
        {rows.length ? <ReportChart rows={rows} mixed={mixed} overTime={groupBy === 'day'} /> : <Empty description="所选范围内没有数据" />}
      </Card>
      <Card size="small">
        <Table<Row>
          rowKey={(r) => `${r.key}|${r.currency}`}
          size="small"
          loading={report.isFetching}
          dataSource={rows}
          pagination={rows.length > 50 ? { pageSize: 50, showTotal: (total) => `共 ${total} 行` } : false}
          columns={[
            { title: DIMENSIONS[groupBy], fixed: 'left', width: 120, render: (_, r) => nameOf(r, mixed) },
            ...FIGURES.map((f) => ({
              title: f.title,
              align: 'right' as const,
              render: (_: unknown, r: Row) => (f.money ? money(r[f.key] as number, r.currency) : (r[f.key] as number).toLocaleString('zh-CN')),
            })),
          ]}
        />
      </Card>
    </Space>
  );
}

/** Turnover, GGR and NGR as bars, deposits and withdrawals as lines over days (bars too for sites, venues, agents), one category per row. */
function ReportChart({ rows, mixed, overTime }: { rows: Row[]; mixed: boolean; overTime: boolean }) {
  const bar = (key: keyof typeof COLORS, name: string) => ({ name, type: 'bar', data: rows.map((r) => r[key]), itemStyle: { color: COLORS[key] } });
  const line = (key: keyof typeof COLORS, name: string) => ({
    name,
    type: overTime ? 'line' : 'bar',
    smooth: true,
    data: rows.map((r) => r[key]),
    itemStyle: { color: COLORS[key] },
  });
  return (
    <Chart
      style={{ height: 320 }}
      notMerge
      option={{
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 70, right: 20, top: 36, bottom: 40 },
        xAxis: { type: 'category', data: rows.map((r) => nameOf(r, mixed)), axisLabel: { hideOverlap: true } },
        yAxis: { type: 'value' },
        series: [bar('turnover', '投注额'), bar('ggr', 'GGR'), bar('ngr', 'NGR'), line('deposits', '存款'), line('withdrawals', '提款')],
      }}
    />
  );
}
