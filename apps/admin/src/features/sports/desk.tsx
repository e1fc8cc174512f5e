import { App, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Errors, MARKET_STATUS_LABELS, MATCH_STATUS_LABELS, type ResettleShortData } from '@bp/contract';
import type { z } from 'zod';
import { ApiError } from '../../shared/api.ts';
import { money } from '../../shared/format.ts';

/** What the sportsbook screens share: the tags of a match's and a market's state, and the settling calls. */

const MATCH_COLORS: Record<string, string> = { scheduled: 'blue', live: 'green', finished: 'default', cancelled: 'red' };
const MARKET_COLORS: Record<string, string> = { open: 'green', suspended: 'orange', closed: 'default' };

export const MatchStatusTag = ({ status, held }: { status: keyof typeof MATCH_STATUS_LABELS; held?: boolean }) => (
  <>
    <Tag color={MATCH_COLORS[status]}>{MATCH_STATUS_LABELS[status]}</Tag>
    {held && <Tag color="orange">已暂停</Tag>}
  </>
);

export const MarketStatusTag = ({ status }: { status: keyof typeof MARKET_STATUS_LABELS }) => (
  <Tag color={MARKET_COLORS[status]}>{MARKET_STATUS_LABELS[status]}</Tag>
);

export const SPORT_LABELS: Record<string, string> = { football: '足球', basketball: '篮球', esports: '电竞' };

interface Settlement {
  settled: number;
  failed: number;
  recoveryDue: Array<{ orderId: string; memberId: number; amount: number }>;
}

/**
 * A settling call (result, void, resettle). When members could not give a payout back the server
 * refuses and names them; the operator then confirms recording it as owed, and the call is sent
 * again with `acceptDebt`. Every fixture view is refreshed after.
 */
export function useSettling<B extends object>(send: (body: B & { acceptDebt?: boolean }) => Promise<Settlement>, onDone?: () => void) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const report = (r: Settlement) => {
    const owed = r.recoveryDue.length ? `，${r.recoveryDue.length} 笔派彩未能全额退回，已记为会员欠款` : '';
    message.success(`已结算 ${r.settled} 笔注单${r.failed ? `，${r.failed} 笔稍后自动重试` : ''}${owed}`);
    onDone?.();
    return queryClient.invalidateQueries({ queryKey: ['fixture'] }).then(() => queryClient.invalidateQueries({ queryKey: ['fixtures'] }));
  };
  return useMutation({
    mutationFn: (body: B) => send(body),
    onSuccess: report,
    onError: (err, body) => {
      if (!(err instanceof ApiError) || err.code !== Errors.DESK_RESETTLE_SHORT.code) return void message.error(err.message);
      const { members } = err.data as z.output<typeof ResettleShortData>;
      modal.confirm({
        title: '部分会员余额不足',
        width: 520,
        content: (
          <div>
            <p>以下会员已无足够余额退回原派彩，继续将把差额记为会员欠款（余额不会变为负数）：</p>
            <ul>
              {members.map((m) => (
                <li key={m.memberId}>
                  会员 {m.memberId}：差额 {money(m.short, m.currency)}
                </li>
              ))}
            </ul>
          </div>
        ),
        okText: '记为欠款并继续',
        cancelText: '取消',
        onOk: () =>
          send({ ...body, acceptDebt: true })
            .then(report)
            .catch((again: Error) => message.error(again.message)),
      });
    },
  });
}
