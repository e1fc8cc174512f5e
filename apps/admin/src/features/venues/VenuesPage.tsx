import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Amount, type DeskTable, type DeskVenue } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { money } from '../../shared/format.ts';
import { useAction } from '../../shared/action.ts';

type Venue = z.output<typeof DeskVenue>;
type DealerTable = z.output<typeof DeskTable>;

const CATEGORY_LABELS: Record<string, string> = { live: '真人', egame: '电子', chess: '棋牌', fish: '捕鱼', originals: '原创', sports: '体育' };
const LIMIT_LABELS: Record<string, string> = {
  main: '庄/闲 · 龙/虎',
  tie: '和',
  pair: '对子',
  straight: '直注',
  split: '分注',
  dozen: '打/列',
  outside: '外围',
};
const CURRENCIES = ['CNY', 'USDT'] as const;
const LIMIT_ORDER = Object.keys(LIMIT_LABELS);
const byLimitOrder = ([a]: [string, unknown], [b]: [string, unknown]) => LIMIT_ORDER.indexOf(a) - LIMIT_ORDER.indexOf(b);
/** The sportsbook and the house originals take bets from the main wallet: nothing is transferred to them. */
const playsFromMain = (v: Venue) => v.category === 'sports' || v.category === 'originals';

/** A desk call, then the venue desk's lists read again. */
const useDeskCall = <B,>(send: (body: B) => Promise<unknown>, onDone: () => void) =>
  useAction(send, { keys: ['desk-venues', 'desk-tables'], success: '已保存', onDone });

/** Venues (maintenance and transfer-in limits) and the dealer tables' limits. */
export function VenuesPage() {
  const venues = useQuery({ queryKey: ['desk-venues'], queryFn: () => call('/api/admin/venue/list', {}) });
  const [maintaining, setMaintaining] = useState<Venue | null>(null);
  const [limiting, setLimiting] = useState<Venue | null>(null);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="游戏平台">
        <Table<Venue>
          rowKey="api_name"
          size="middle"
          loading={venues.isLoading}
          dataSource={venues.data?.list}
          pagination={false}
          columns={[
            { title: '平台代码', dataIndex: 'api_name', width: 110 },
            { title: '名称', dataIndex: 'name', width: 160 },
            { title: '分类', dataIndex: 'category', width: 90, render: (c: string) => CATEGORY_LABELS[c] ?? c },
            {
              title: '状态',
              width: 300,
              render: (_, v) =>
                v.status === 0 ? (
                  <Tag color="green">正常</Tag>
                ) : (
                  <Space size={4}>
                    <Tag color="red">维护中</Tag>
                    {v.maintenanceMessage && (
                      <Typography.Text type="secondary" ellipsis={{ tooltip: v.maintenanceMessage }} style={{ maxWidth: 210 }}>
                        {v.maintenanceMessage}
                      </Typography.Text>
                    )}
                  </Space>
                ),
            },
            {
              title: '单笔转入上限',
              width: 240,
              render: (_, v) => {
                if (playsFromMain(v)) return <Typography.Text type="secondary">主钱包直接投注</Typography.Text>;
                const set = CURRENCIES.filter((c) => v.maxTransferIn[c] !== undefined);
                return set.length ? set.map((c) => money(v.maxTransferIn[c], c)).join(' / ') : <Typography.Text type="secondary">不限</Typography.Text>;
              },
            },
            {
              title: '操作',
              width: 200,
              render: (_, v) => (
                <Space size={4}>
                  <Button size="small" danger={v.status === 0} onClick={() => setMaintaining(v)}>
                    {v.status === 0 ? '设为维护' : '结束维护'}
                  </Button>
                  {!playsFromMain(v) && (
                    <Button size="small" onClick={() => setLimiting(v)}>
                      转入限额
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <TablesCard />
      <MaintenanceModal venue={maintaining} onClose={() => setMaintaining(null)} />
      <TransferLimitModal venue={limiting} onClose={() => setLimiting(null)} />
    </Space>
  );
}

function MaintenanceModal({ venue, onClose }: { venue: Venue | null; onClose: () => void }) {
  const [form] = Form.useForm<{ message: string }>();
  const save = useDeskCall((body: { api_name: string; maintenance: boolean; message?: string }) => call('/api/admin/venue/maintenance', body), onClose);
  const entering = venue?.status === 0;
  const submit = ({ message }: { message?: string }) =>
    save.mutate({ api_name: venue!.api_name, maintenance: entering, message: message?.trim() || undefined });
  return (
    <Modal
      title={venue ? `${entering ? '设为维护' : '结束维护'} · ${venue.name}` : ''}
      open={venue !== null}
      okText="确认"
      okButtonProps={{ danger: entering, loading: save.isPending }}
      onCancel={onClose}
      onOk={() => form.validateFields().then(submit)}
      destroyOnHidden
    >
      {entering ? (
        <Form form={form} layout="vertical" preserve={false}>
          <p>
            {venue?.category === 'sports'
              ? '维护期间所有站点的会员无法在该体育平台投注，页面返回首页。'
              : '维护期间会员无法转入该平台或进入游戏，转出不受影响。'}
          </p>
          {venue?.category !== 'sports' && (
            <Form.Item label="会员看到的维护提示（选填）" name="message">
              <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：平台系统升级中，预计 18:00 恢复" />
            </Form.Item>
          )}
        </Form>
      ) : (
        <p>结束维护后会员即可转入并进入游戏。</p>
      )}
    </Modal>
  );
}

function TransferLimitModal({ venue, onClose }: { venue: Venue | null; onClose: () => void }) {
  const [form] = Form.useForm<Record<(typeof CURRENCIES)[number], number | null>>();
  const save = useDeskCall(
    (body: { api_name: string; maxTransferIn: Record<(typeof CURRENCIES)[number], number | null> }) => call('/api/admin/venue/limits', body),
    onClose,
  );
  return (
    <Modal
      title={venue ? `单笔转入上限 · ${venue.name}` : ''}
      open={venue !== null}
      okText="保存"
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => save.mutate({ api_name: venue!.api_name, maxTransferIn: { CNY: v.CNY ?? null, USDT: v.USDT ?? null } }))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ CNY: venue?.maxTransferIn.CNY ?? null, USDT: venue?.maxTransferIn.USDT ?? null }}>
        <p>会员单笔转入该平台的最高金额，留空为不限。</p>
        {CURRENCIES.map((c) => (
          <Form.Item key={c} label={c} name={c} rules={[zodRule(Amount.nullish())]}>
            <InputNumber style={{ width: 200 }} min={0.01} precision={2} placeholder="不限" />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** The dealer tables (AG真人) and their limits per currency and limit kind. */
function TablesCard() {
  const tables = useQuery({ queryKey: ['desk-tables'], queryFn: () => call('/api/admin/table/list', {}) });
  const [currency, setCurrency] = useState<(typeof CURRENCIES)[number]>('CNY');
  const [editing, setEditing] = useState<DealerTable | null>(null);
  const limitsOf = (t: DealerTable) => t.limits[currency] ?? t.limits.CNY ?? {};
  return (
    <Card
      title="真人牌桌限额"
      extra={
        <Select aria-label="币种" value={currency} onChange={setCurrency} options={CURRENCIES.map((c) => ({ value: c, label: c }))} style={{ width: 100 }} />
      }
    >
      <Table<DealerTable>
        rowKey="tableId"
        size="middle"
        loading={tables.isLoading}
        dataSource={tables.data?.list}
        pagination={false}
        columns={[
          { title: '牌桌', dataIndex: 'name', width: 160 },
          {
            title: `限额（${currency}）`,
            render: (_, t) => (
              <Space size={[16, 4]} wrap>
                {Object.entries(limitsOf(t))
                  .sort(byLimitOrder)
                  .map(([kind, [min, max]]) => (
                    <span key={kind}>
                      {LIMIT_LABELS[kind] ?? kind}：{money(min, currency)} – {money(max, currency)}
                    </span>
                  ))}
              </Space>
            ),
          },
          {
            title: '操作',
            width: 100,
            render: (_, t) => (
              <Button size="small" onClick={() => setEditing(t)}>
                修改
              </Button>
            ),
          },
        ]}
      />
      <TableLimitModal table={editing} currency={currency} limits={editing ? limitsOf(editing) : {}} onClose={() => setEditing(null)} />
    </Card>
  );
}

function TableLimitModal({
  table,
  currency,
  limits,
  onClose,
}: {
  table: DealerTable | null;
  currency: (typeof CURRENCIES)[number];
  limits: Record<string, number[]>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Record<string, [number, number]>>();
  const save = useDeskCall(
    (body: { tableId: string; currency: (typeof CURRENCIES)[number]; limits: Record<string, number[]> }) => call('/api/admin/table/limits', body),
    onClose,
  );
  return (
    <Modal
      title={table ? `${table.name} · ${currency} 限额` : ''}
      open={table !== null}
      okText="保存"
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => save.mutate({ tableId: table!.tableId, currency, limits: v }))}
      destroyOnHidden
    >
      <Form form={form} layout="horizontal" preserve={false} initialValues={limits} labelCol={{ span: 6 }}>
        {Object.entries(limits)
          .sort(byLimitOrder)
          .map(([kind]) => (
            <Form.Item key={kind} label={LIMIT_LABELS[kind] ?? kind} required>
              <Space>
                <Form.Item noStyle name={[kind, 0]} rules={[{ required: true, message: '请填写最低' }]}>
                  <InputNumber min={0.01} precision={2} placeholder="最低" />
                </Form.Item>
                –
                <Form.Item
                  noStyle
                  name={[kind, 1]}
                  dependencies={[[kind, 0]]}
                  rules={[
                    { required: true, message: '请填写最高' },
                    ({ getFieldValue }) => ({
                      validator: async (_r, max: number) => {
                        if (max < getFieldValue([kind, 0])) throw new Error('最高不能低于最低');
                      },
                    }),
                  ]}
                >
                  <InputNumber min={0.01} precision={2} placeholder="最高" />
                </Form.Item>
              </Space>
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}
