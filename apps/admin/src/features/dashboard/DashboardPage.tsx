import { useState } from 'react';
import { Card, Col, Row, Segmented, Select, Space, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';
import { money } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';
import { Chart } from '../../shared/chart.tsx';

/** A chart of days: a shared axis of day labels, a legend, a tooltip per day. */
const trend = (labels: string[], series: object[], yAxis: object = {}) => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 60, right: 20, top: 36, bottom: 30 },
  xAxis: { type: 'category', data: labels },
  yAxis: { type: 'value', ...yAxis },
  series,
});

/** Today's figures of a site and the days before, as cards and charts. */
export function DashboardPage() {
  const { sites } = useSites();
  const [picked, setPicked] = useState<number | null>(null);
  const [days, setDays] = useState(14);
  const siteId = picked ?? sites[0]?.siteId ?? null;
  const figures = useQuery({
    queryKey: ['dashboard', siteId, days],
    queryFn: () => call('/api/admin/dashboard', { siteId: siteId!, days }),
    enabled: siteId !== null,
  });
  const data = figures.data;
  const today = data?.days.at(-1);
  const c = data?.currency ?? 'CNY';
  const labels = data?.days.map((d) => d.day.slice(5)) ?? [];
  const line = (name: string, values: number[], color: string) => ({ name, type: 'line', smooth: true, data: values, itemStyle: { color } });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title="仪表盘"
        loading={figures.isLoading}
        extra={
          <Space>
            <Select
              style={{ width: 200 }}
              aria-label="站点"
              value={siteId ?? undefined}
              onChange={setPicked}
              options={sites.map((s) => ({ value: s.siteId, label: `${s.name}（${s.currency}）` }))}
            />
            <Segmented
              value={days}
              onChange={(v) => setDays(Number(v))}
              options={[
                { value: 7, label: '7天' },
                { value: 14, label: '14天' },
                { value: 30, label: '30天' },
              ]}
            />
          </Space>
        }
      >
        {today && (
          <Row gutter={[16, 16]}>
            {[
              ['今日存款', money(today.deposits, c)],
              ['今日提款', money(today.withdrawals, c)],
              ['今日投注额', money(today.stakes, c)],
              ['今日注单数', today.bets.toLocaleString('zh-CN')],
              ['今日GGR', money(today.ggr, c)],
              ['今日NGR', money(today.ngr, c)],
              ['今日新增会员', today.newMembers.toLocaleString('zh-CN')],
              ['今日活跃会员', today.activeMembers.toLocaleString('zh-CN')],
            ].map(([title, value]) => (
              <Col span={6} key={title}>
                <Card size="small">
                  <Statistic title={title} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      {data && (
        <Row gutter={16}>
          <Col span={12}>
            <Card title="存提款与投注" size="small">
              <Chart
                style={{ height: 300 }}
                option={trend(labels, [
                  line(
                    '存款',
                    data.days.map((d) => d.deposits),
                    '#1f5fbf',
                  ),
                  line(
                    '提款',
                    data.days.map((d) => d.withdrawals),
                    '#d4380d',
                  ),
                  line(
                    '投注额',
                    data.days.map((d) => d.stakes),
                    '#389e0d',
                  ),
                ])}
              />
            </Card>
          </Col>
          <Col span={12}>
            <Card title="GGR / NGR" size="small">
              <Chart
                style={{ height: 300 }}
                option={trend(labels, [
                  { name: 'GGR', type: 'bar', data: data.days.map((d) => d.ggr), itemStyle: { color: '#1f5fbf' } },
                  { name: 'NGR', type: 'bar', data: data.days.map((d) => d.ngr), itemStyle: { color: '#13a8a8' } },
                  line(
                    '红利',
                    data.days.map((d) => d.bonuses),
                    '#faad14',
                  ),
                ])}
              />
            </Card>
          </Col>
          <Col span={24} style={{ marginTop: 16 }}>
            <Card title="新增与活跃会员" size="small">
              <Chart
                style={{ height: 260 }}
                option={trend(
                  labels,
                  [
                    line(
                      '新增会员',
                      data.days.map((d) => d.newMembers),
                      '#722ed1',
                    ),
                    line(
                      '活跃会员',
                      data.days.map((d) => d.activeMembers),
                      '#13a8a8',
                    ),
                  ],
                  { minInterval: 1 },
                )}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
