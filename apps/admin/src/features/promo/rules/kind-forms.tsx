import type { ReactNode } from 'react';
import { Form, InputNumber, Select, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { NOVICE_TASKS, type ActivityKind } from '@bp/contract';
import { CountField, Fields, ListField, MoneyField, MultipleField, PickField, choices } from './fields.tsx';

/**
 * The rules editor's map from activity kind to its name and form: the kind's own config fields (the
 * window, budget, eligibility and prizes are the editor's, for every kind). The schema each form is
 * checked with is the contract's ACTIVITY_RULES of the same kind. A new kind is one entry here.
 */
interface KindEditor {
  label: string;
  form: (p: { currency: string }) => ReactNode;
}

const TASKS: Record<(typeof NOVICE_TASKS)[number], string> = {
  bind_phone: '绑定手机号',
  bind_payout: '绑定银行卡/提款地址',
  profile: '完善个人资料',
  first_deposit: '首次存款',
  first_bet: '首次投注',
};

const days = (n: number) => Array.from({ length: n }, (_, i) => ({ value: i + 1, label: `第${i + 1}天` }));

function SignForm({ currency }: { currency: string }) {
  const count = (Form.useWatch(['config', 'dayMinor']) as unknown[] | undefined)?.length ?? 0;
  return (
    <>
      <ListField
        name="dayMinor"
        label="连续签到每天的彩金（之后重新循环）"
        add={() => 0}
        row={(i) => (
          <Form.Item name={i}>
            <InputNumber addonBefore={`第${i + 1}天`} suffix={currency} style={{ width: 240 }} />
          </Form.Item>
        )}
      />
      <Fields>{[<PickField key="m" name="milestones" label="里程碑天数" options={days(count)} multiple />, <MultipleField key="x" />]}</Fields>
    </>
  );
}

function DrawsForm({ currency, per }: { currency: string; per: 'draw' | 'ticket' }) {
  const [deposit, turnover] = per === 'draw' ? ['depositPerDrawMinor', 'turnoverPerDrawMinor'] : ['depositPerTicketMinor', 'turnoverPerTicketMinor'];
  const unit = per === 'draw' ? '每次抽奖' : '每张抽奖券';
  return (
    <Fields>
      {[
        <MoneyField key="d" name={deposit} label={`${unit}所需存款`} currency={currency} />,
        <MoneyField key="t" name={turnover} label={`${unit}所需有效投注`} currency={currency} />,
        ...(per === 'draw'
          ? [<CountField key="f" name="freePerDay" label="每日免费次数" unit="次" />, <CountField key="m" name="maxPerDay" label="每日最多次数" unit="次" />]
          : [<CountField key="m" name="maxTickets" label="最多抽奖券" unit="张" />]),
        <MultipleField key="x" />,
      ]}
    </Fields>
  );
}

function DepositForm({ currency, first }: { currency: string; first: boolean }) {
  return (
    <>
      <ListField
        name="tiers"
        label="赠送档位"
        add={() => ({ nth: first ? 1 : 2, percent: 50, capMinor: 100 })}
        row={(i) => (
          <>
            <Form.Item name={[i, 'nth']}>
              <InputNumber addonBefore="第" suffix="笔" precision={0} style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name={[i, 'percent']}>
              <InputNumber addonBefore="赠送" suffix="%" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name={[i, 'capMinor']}>
              <InputNumber addonBefore="上限" suffix={currency} style={{ width: 200 }} />
            </Form.Item>
          </>
        )}
      />
      <Fields>
        {[
          <MoneyField key="min" name="minDepositMinor" label="最低存款" currency={currency} />,
          <MultipleField key="x" />,
          <PickField key="once" name="oncePer" label="同一手机号/设备限领一次" options={choices({ phone: '手机号', device: '设备' })} multiple />,
        ]}
      </Fields>
    </>
  );
}

function InviteForm({ currency }: { currency: string }) {
  return (
    <Fields>
      {[
        <MoneyField key="d" name="minDepositMinor" label="好友累计存款" currency={currency} />,
        <MoneyField key="t" name="minTurnoverMinor" label="好友有效投注" currency={currency} />,
        <MoneyField key="r" name="rewardMinor" label="邀请奖励" currency={currency} />,
        <MultipleField key="x" />,
      ]}
    </Fields>
  );
}

function NoviceForm({ currency }: { currency: string }) {
  return (
    <>
      <ListField
        name="tasks"
        label="新手任务及奖励"
        add={() => ({ task: undefined, rewardMinor: 0 })}
        row={(i) => (
          <>
            <Form.Item name={[i, 'task']}>
              <Select options={choices(TASKS)} style={{ width: 220 }} placeholder="选择任务" />
            </Form.Item>
            <Form.Item name={[i, 'rewardMinor']}>
              <InputNumber addonBefore="奖励" suffix={currency} style={{ width: 200 }} />
            </Form.Item>
          </>
        )}
      />
      <Fields>{[<MultipleField key="x" />]}</Fields>
    </>
  );
}

function GuessForm({ currency }: { currency: string }) {
  return (
    <Fields>
      {[
        <MoneyField key="p" name="prizeMinor" label="猜中奖金" currency={currency} />,
        <CountField key="m" name="matches" label="竞猜场次" unit="场" />,
        <MultipleField key="x" />,
      ]}
    </Fields>
  );
}

function BarrierForm({ currency }: { currency: string }) {
  return (
    <>
      <ListField
        name="stages"
        label="关卡（当日有效投注逐关递增）"
        add={() => ({ turnoverMinor: 0, prizeMinor: 0 })}
        row={(i) => (
          <>
            <Form.Item name={[i, 'turnoverMinor']}>
              <InputNumber addonBefore={`第${i + 1}关 投注`} suffix={currency} style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name={[i, 'prizeMinor']}>
              <InputNumber addonBefore="奖励" suffix={currency} style={{ width: 200 }} />
            </Form.Item>
          </>
        )}
      />
      <Fields>{[<MultipleField key="x" />]}</Fields>
    </>
  );
}

function SoccerLotteryForm({ currency }: { currency: string }) {
  return (
    <>
      <ListField
        name="tiers"
        label="奖金档位（猜中场数）"
        add={() => ({ correct: 1, prizeMinor: 0 })}
        row={(i) => (
          <>
            <Form.Item name={[i, 'correct']}>
              <InputNumber addonBefore="猜中" suffix="场" precision={0} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name={[i, 'prizeMinor']}>
              <InputNumber addonBefore="奖金" suffix={currency} style={{ width: 200 }} />
            </Form.Item>
          </>
        )}
      />
      <Fields>{[<CountField key="m" name="matches" label="每期场次" unit="场" />, <MultipleField key="x" />]}</Fields>
    </>
  );
}

/** The day's draw and prizes; the question bank has a screen of its own (答题题库), and saving the rules keeps it as stored. */
function QuizForm({ currency }: { currency: string }) {
  return (
    <>
      <Typography.Paragraph type="secondary">
        题目在<Link to="/promo/quiz">答题题库</Link>中添加、修改与删除；每日题数不能超过题库题数。
      </Typography.Paragraph>
      <ListField
        name="tiers"
        label="奖金档位（当日答对题数）"
        add={() => ({ right: 1, amountMinor: 0 })}
        row={(i) => (
          <>
            <Form.Item name={[i, 'right']}>
              <InputNumber addonBefore="答对" suffix="题" precision={0} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name={[i, 'amountMinor']}>
              <InputNumber addonBefore="奖金" suffix={currency} style={{ width: 200 }} />
            </Form.Item>
          </>
        )}
      />
      <Fields>{[<CountField key="d" name="perDay" label="每日题数" unit="题" />, <MultipleField key="x" />]}</Fields>
    </>
  );
}

export const KIND_EDITORS: Record<ActivityKind, KindEditor> = {
  sign: { label: '每日签到', form: SignForm },
  wheel: { label: '幸运转盘', form: (p) => <DrawsForm {...p} per="draw" /> },
  lottery: { label: '幸运抽奖', form: (p) => <DrawsForm {...p} per="ticket" /> },
  first_deposit: { label: '首存优惠', form: (p) => <DepositForm {...p} first /> },
  continue_deposit: { label: '续存优惠', form: (p) => <DepositForm {...p} first={false} /> },
  invite: { label: '邀请好友', form: InviteForm },
  novice: { label: '新手任务', form: NoviceForm },
  guess: { label: '赛事竞猜', form: GuessForm },
  barrier: { label: '每日闯关', form: BarrierForm },
  soccer_lottery: { label: '足彩', form: SoccerLotteryForm },
  quiz: { label: '每日答题', form: QuizForm },
};
