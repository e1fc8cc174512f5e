import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Select, Space } from 'antd';
import type { z } from 'zod';
import { BookMarketVoidBody, type BookFixture, type BookMarket } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { useCan } from '../../shared/me.ts';
import { useAction } from '../../shared/action.ts';
import { useSettling } from './desk.tsx';

type Fixture = z.output<typeof BookFixture>;
type Market = z.output<typeof BookMarket>;

const isOver = (f: Fixture) => f.status === 'finished' || f.status === 'cancelled';

/** A suspend or reopen call, then every view of the book read again. */
const useHold = (send: (held: boolean) => Promise<unknown>) => useAction(send, { keys: ['fixture', 'fixtures'], success: '已更新' });

/** Suspends every market of a match (members' bets refused) or reopens them. */
export function HoldButton({ fixture }: { fixture: Fixture }) {
  const can = useCan();
  const hold = useHold((held: boolean) => call('/api/admin/sports/match/hold', { matchId: fixture.matchId, held }));
  if (!can('sports.trade') || isOver(fixture)) return null;
  const title = fixture.held ? '开放全场所有盘口，恢复接受投注？' : '暂停全场所有盘口？会员将无法投注本场赛事。';
  return (
    <Popconfirm title={title} okText="确认" cancelText="取消" onConfirm={() => hold.mutateAsync(!fixture.held)}>
      <Button size="small" danger={!fixture.held} loading={hold.isPending}>
        {fixture.held ? '开放全场' : '暂停全场'}
      </Button>
    </Popconfirm>
  );
}

interface ResultForm {
  homeScore: number;
  visitScore: number;
  cancelled: boolean;
  maps: Array<'home' | 'visit'>;
  reason?: string;
}

/** Enters a match's result by hand (or corrects it, with a reason) and settles every bet on it. */
export function ResultButton({ fixture }: { fixture: Fixture }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ResultForm>();
  const settle = useSettling(
    (body: Omit<ResultForm, 'cancelled' | 'maps'> & { cancelled?: boolean; maps?: ResultForm['maps'] }) =>
      call('/api/admin/sports/match/result', { matchId: fixture.matchId, ...body }),
    () => setOpen(false),
  );
  if (!can('sports.settle')) return null;
  const correcting = fixture.result !== null;
  const submit = (v: ResultForm) => {
    const maps = fixture.sport === 'esports' && !v.cancelled ? v.maps.slice(0, v.homeScore + v.visitScore) : undefined;
    settle.mutate({ homeScore: v.homeScore, visitScore: v.visitScore, cancelled: v.cancelled || undefined, maps, reason: v.reason || undefined });
  };
  return (
    <>
      <Button size="small" type={correcting ? 'default' : 'primary'} onClick={() => setOpen(true)}>
        {correcting ? '修改赛果' : '录入赛果'}
      </Button>
      <Modal
        title={`${correcting ? '修改赛果' : '录入赛果'} · ${fixture.homeName} vs ${fixture.visitName}`}
        open={open}
        okText="确认并结算"
        okButtonProps={{ loading: settle.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() => form.validateFields().then(submit)}
        destroyOnHidden
      >
        <Form<ResultForm>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            homeScore: fixture.result?.homeScore ?? fixture.homeScore,
            visitScore: fixture.result?.visitScore ?? fixture.visitScore,
            cancelled: false,
            maps: fixture.result?.maps ?? [],
          }}
        >
          <Space size="large">
            <Form.Item label={`${fixture.homeName}（主）`} name="homeScore" rules={[{ required: true, message: '请填写比分' }]}>
              <InputNumber min={0} max={999} precision={0} />
            </Form.Item>
            <Form.Item label={`${fixture.visitName}（客）`} name="visitScore" rules={[{ required: true, message: '请填写比分' }]}>
              <InputNumber min={0} max={999} precision={0} />
            </Form.Item>
          </Space>
          {fixture.sport === 'esports' && (
            <Form.Item noStyle shouldUpdate={(prev: ResultForm, next: ResultForm) => prev.homeScore + prev.visitScore !== next.homeScore + next.visitScore}>
              {() => <MapWinners count={(form.getFieldValue('homeScore') ?? 0) + (form.getFieldValue('visitScore') ?? 0)} fixture={fixture} />}
            </Form.Item>
          )}
          <Form.Item name="cancelled" valuePropName="checked">
            <Checkbox>赛事取消（所有注单作废，退回本金）</Checkbox>
          </Form.Item>
          <Form.Item
            label={correcting ? '修改原因（必填）' : '备注（选填）'}
            name="reason"
            rules={correcting ? [{ required: true, whitespace: true, message: '修改已有赛果须填写原因' }] : []}
          >
            <Input.TextArea rows={2} maxLength={200} showCount placeholder={correcting ? '例如：官方更正比分' : ''} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Esports: the winner of each map played, in order (as many maps as the score counts). */
function MapWinners({ count, fixture }: { count: number; fixture: Fixture }) {
  const sides = [
    { value: 'home', label: fixture.homeName },
    { value: 'visit', label: fixture.visitName },
  ];
  return (
    <Space wrap>
      {Array.from({ length: Math.min(count, 9) }, (_, i) => (
        <Form.Item key={i} label={`第${i + 1}局胜方`} name={['maps', i]} rules={[{ required: true, message: '请选择' }]}>
          <Select style={{ width: 150 }} options={sides} />
        </Form.Item>
      ))}
    </Space>
  );
}

/** One market's levers: suspend or reopen, void with a reason, and lift a void (resettle on the result). */
export function MarketActions({ fixture, market }: { fixture: Fixture; market: Market }) {
  const can = useCan();
  const [voiding, setVoiding] = useState<'void' | 'resettle' | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const hold = useHold((held: boolean) => call('/api/admin/sports/market/hold', { marketId: market.marketId, held }));
  const settle = useSettling(
    (body: { reason: string }) =>
      call(voiding === 'resettle' ? '/api/admin/sports/market/resettle' : '/api/admin/sports/market/void', { marketId: market.marketId, ...body }),
    () => setVoiding(null),
  );
  const canHold = can('sports.trade') && !isOver(fixture) && market.status !== 'closed';
  return (
    <Space size={4}>
      {canHold && (
        <Button size="small" loading={hold.isPending} onClick={() => hold.mutate(market.status !== 'suspended')}>
          {market.status === 'suspended' ? '开放' : '暂停'}
        </Button>
      )}
      {can('sports.settle') && market.voidReason === null && (
        <Button size="small" danger onClick={() => setVoiding('void')}>
          作废
        </Button>
      )}
      {can('sports.settle') && market.voidReason !== null && fixture.result !== null && (
        <Button size="small" onClick={() => setVoiding('resettle')}>
          重新结算
        </Button>
      )}
      <Modal
        title={`${voiding === 'resettle' ? '撤销作废并按赛果重新结算' : '作废盘口'} · ${market.name}`}
        open={voiding !== null}
        okText={voiding === 'resettle' ? '确认重新结算' : '确认作废'}
        okButtonProps={{ danger: voiding === 'void', loading: settle.isPending }}
        onCancel={() => setVoiding(null)}
        onOk={() => form.validateFields().then(({ reason }) => settle.mutate({ reason }))}
        destroyOnHidden
      >
        <p>
          {voiding === 'resettle'
            ? '盘口上的注单将按本场赛果重新结算：作废时退回的本金收回，按结果派彩。'
            : '盘口上所有注单作废：单注退回本金，串关该场按赔率 1 计算；已结算的注单将冲正原派彩。'}
        </p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="原因（记入审计日志）" name="reason" rules={[zodRule(BookMarketVoidBody.shape.reason)]}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
