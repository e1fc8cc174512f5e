import { useState } from 'react';
import { App, Button, Card, DatePicker, Form, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { AGENT_CARRY_MONTHS, reportCsv, type AgentCommissionRow } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { money } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';

type Row = z.output<typeof AgentCommissionRow>;
type Shown = Row & { label: string; rateText: string };

/** The commission report's figures, in the order of its columns and its CSV (the reports' CSV format). */
const FIGURES: Array<{ key: keyof Shown & string; title: string; money: boolean }> = [
  { key: 'members', title: '下级人数', money: false },
  { key: 'newMembers', title: '本月新增', money: false },
  { key: 'bets', title: '注单数', money: false },
  { key: 'turnover', title: '投注额', money: true },
  { key: 'ggr', title: 'GGR', money: true },
  { key: 'bonuses', title: '红利', money: true },
  { key: 'rebates', title: '返水', money: true },
  { key: 'ngr', title: 'NGR', money: true },
  { key: 'carried', title: '往月结转', money: true },
  { key: 'commissionNgr', title: '佣金基数', money: true },
  { key: 'rateText', title: '佣金比例', money: false },
  { key: 'commission', title: '佣金', money: true },
];

const figure = (f: (typeof FIGURES)[number], r: Shown) => {
  const value = r[f.key];
  return f.money ? money(value as number, r.currency) : typeof value === 'number' ? value.toLocaleString('zh-CN') : value;
};
/** On screen two figures go under another's (the CSV has a column each): every figure fits an operator's laptop (1280 px). */
const SHOWN_UNDER = new Set<string>(['newMembers', 'carried']);
const UNDER: Partial<Record<keyof Shown, (r: Shown) => string | null>> = {
  members: (r) => `本月新增 ${r.newMembers}`,
  commissionNgr: (r) => (r.carried ? `含结转 ${money(r.carried, r.currency)}` : null),
};

const shown = (r: Row): Shown => ({ ...r, label: `${r.agentName}（${r.agentId}）`, rateText: r.rate === null ? '未设置' : `${r.rate}%` });

/** Sets an agent's commission rate (audited on the server). */
function RateModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ rate: number }>();
  const save = useMutation({
    mutationFn: (rate: number) => call('/api/admin/agent/rate', { memberId: row!.agentId, rate }),
    onSuccess: (d) => {
      message.success(`佣金比例已设为 ${d.rate}%`);
      onClose();
      return queryClient.invalidateQueries({ queryKey: ['agent-commission'] });
    },
    onError: (err) => message.error(err.message),
  });
  return (
    <Modal
      title={row ? `设置 ${row.agentName} 的佣金比例` : ''}
      open={row !== null}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.validateFields().then((v) => save.mutate(v.rate))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ rate: row?.rate ?? undefined }} preserve={false}>
        <Form.Item
          name="rate"
          label="佣金比例（%）"
          extra="按下级会员当月 NGR 加往月结转计算；为负时无佣金并结转至下月"
          rules={[{ required: true, message: '请填写佣金比例' }]}
        >
          <InputNumber style={{ width: '100%' }} min={0} max={100} precision={2} addonAfter="%" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Each agent's month (Beijing time): their members' turnover, GGR, NGR and the commission at the agent's rate; CSV as the reports. */
export function AgentCommission() {
  const { sites, nameOf } = useSites();
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const [siteId, setSiteId] = useState(0);
  const [editing, setEditing] = useState<Row | null>(null);
  const body = { month: month.format('YYYY-MM'), ...(siteId ? { siteId } : {}) };
  const report = useQuery({
    queryKey: ['agent-commission', body],
    queryFn: () => call('/api/admin/agent/commission', body),
    placeholderData: keepPreviousData,
  });
  const rows = (report.data?.rows ?? []).map(shown);
  const siteName = siteId ? (sites.find((s) => s.siteId === siteId)?.name ?? `站点${siteId}`) : '全部站点';
  return (
    <Card
      title="佣金报表"
      extra={
        <Space>
          <DatePicker picker="month" allowClear={false} value={month} onChange={(m) => m && setMonth(m)} disabledDate={(d) => d.isAfter(dayjs(), 'month')} />
          <Select
            aria-label="站点"
            style={{ width: 180 }}
            value={siteId}
            onChange={setSiteId}
            options={[{ value: 0, label: '全部站点' }, ...sites.map((s) => ({ value: s.siteId, label: nameOf(s.siteId) }))]}
          />
          <Button
            icon={<DownloadOutlined />}
            disabled={!rows.length}
            onClick={() => downloadCsv(`佣金报表_${siteName}_${body.month}.csv`, reportCsv(rows, '代理', FIGURES))}
          >
            导出 CSV
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        月份按北京时间；NGR = GGR − 红利 − 返水；佣金基数 = NGR + 往月结转（往月未抵消的负 NGR，最多追溯 {AGENT_CARRY_MONTHS} 个月）；佣金 = 佣金基数 ×
        佣金比例（基数为负时为 0 并结转至下月，精确到分，舍去）
      </Typography.Paragraph>
      <Table<Shown>
        rowKey="agentId"
        size="small"
        loading={report.isFetching}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showTotal: (total) => `共 ${total} 名代理` } : false}
        locale={{ emptyText: '暂无代理' }}
        columns={[
          // The site under the agent: every figure fits an operator's laptop (1280 px) without scrolling.
          {
            title: '代理 / 站点',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.label}</span>
                <Typography.Text type="secondary">{nameOf(r.siteId)}</Typography.Text>
              </Space>
            ),
          },
          ...FIGURES.filter((f) => !SHOWN_UNDER.has(f.key)).map((f) => ({
            title: f.title,
            align: 'right' as const,
            render: (_: unknown, r: Shown) => {
              const under = UNDER[f.key]?.(r);
              return (
                <Space direction="vertical" size={0}>
                  {figure(f, r)}
                  {under && <Typography.Text type="secondary">{under}</Typography.Text>}
                </Space>
              );
            },
          })),
          {
            title: '操作',
            width: 100,
            render: (_, r) => (
              <Button size="small" onClick={() => setEditing(r)}>
                设置比例
              </Button>
            ),
          },
        ]}
      />
      <RateModal row={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
