import { useQuery } from '@tanstack/react-query';
import { ANCHOR_LIST_SIZE, type RankPeriod } from '@bp/contract';
import { call, keyed } from '../../shared/api/request.ts';

/** Live's calls (API.md "Live"): anchors, chat rooms and their moderation, gold coins and gifts. */
export const liveApi = {
  anchors: () => call('/api/live/anchor/list', { page: 1, size: ANCHOR_LIST_SIZE }),
  status: (room: { chatRoomNo: string } | { matchId: number }, member: boolean) =>
    member ? call('/api/member/chat/status', room, { silent: true }) : call('/api/live/chat/status', room, { silent: true }),
  history: (chatRoomNo: string, member: boolean, afterSeq?: number) => {
    const body = { chatRoomNo, size: 50, ...(afterSeq === undefined ? {} : { afterSeq }) };
    return member ? call('/api/member/chat/history', body, { silent: true }) : call('/api/live/chat/history', body, { silent: true });
  },
  enter: (chatRoomNo: string) => call('/api/member/chat/enter', { chatRoomNo }, { silent: true }),
  send: (chatRoomNo: string, content: string, clientMsgId: string) => call('/api/member/chat/send', { chatRoomNo, content, clientMsgId }, { silent: true }),
  shareOrder: (chatRoomNo: string, orderId: string) => call('/api/member/chat/shareOrder', { chatRoomNo, orderId }, { silent: true }),
  mute: (chatRoomNo: string, memberId: number, minutes: number) => call('/api/member/chat/mute', { chatRoomNo, memberId, minutes }, { silent: true }),
  unblock: (chatRoomNo: string, memberId: number) => call('/api/member/chat/unblock', { chatRoomNo, memberId }, { silent: true }),
  muted: (chatRoomNo: string) => call('/api/member/chat/muted/list', { chatRoomNo }),
  setup: (chatRoomNo: string, change: { status?: 0 | 1; slowModeSec?: number; membersOnly?: boolean }) =>
    call('/api/member/chat/setup', { chatRoomNo, ...change }, { silent: true }),
  remove: (chatRoomNo: string, id: number) => call('/api/member/chat/delete', { chatRoomNo, id }, { silent: true }),
  gifts: () => call('/api/live/gift/list', {}, { cacheMs: 60_000 }),
  gold: () => call('/api/member/gold/balance', {}),
  buyGold: (amount: number, key: string) => call('/api/member/gold/buy', { amount }, keyed(key)),
  sendGift: (chatRoomNo: string, giftId: number, count: number, key: string) => call('/api/member/gift/send', { chatRoomNo, giftId, count }, keyed(key)),
  rank: (anchorRoomId: number, period: RankPeriod) => call('/api/live/anchor/rank', { anchorRoomId, period }),
  /** The member's latest bets, to share one in the room. */
  bets: () => call('/api/sports/bet/records', { page: 1, size: 20 }),
};

export const liveKeys = {
  anchors: ['live', 'anchors'] as const,
  status: (room: string | number, member: boolean) => ['live', 'status', room, member] as const,
  gifts: ['live', 'gifts'] as const,
  gold: ['member', 'live', 'gold'] as const,
  rank: (anchorRoomId: number, period: RankPeriod) => ['live', 'rank', anchorRoomId, period] as const,
  bets: ['member', 'live', 'bets'] as const,
  muted: (chatRoomNo: string) => ['member', 'live', 'muted', chatRoomNo] as const,
};

/** The anchors (seed 9: a list of 200), read again every half minute while shown. */
export const useAnchors = () => useQuery({ queryKey: liveKeys.anchors, queryFn: liveApi.anchors, staleTime: 10_000, refetchInterval: 30_000 });
export const useGifts = () => useQuery({ queryKey: liveKeys.gifts, queryFn: liveApi.gifts, staleTime: 5 * 60_000 });
export const useGold = (member: boolean) => useQuery({ queryKey: liveKeys.gold, queryFn: liveApi.gold, enabled: member });
export const useRank = (anchorRoomId: number, period: RankPeriod) =>
  useQuery({ queryKey: liveKeys.rank(anchorRoomId, period), queryFn: () => liveApi.rank(anchorRoomId, period), staleTime: 10_000 });

/** The room's chat status (seed 3), with the member's side, mute and role when logged in. */
export const useChatStatus = (room: { chatRoomNo: string } | { matchId: number } | null, member: boolean) =>
  useQuery({
    queryKey: liveKeys.status(room ? ('chatRoomNo' in room ? room.chatRoomNo : room.matchId) : '', member),
    queryFn: () => liveApi.status(room!, member),
    enabled: room !== null,
    staleTime: 15_000,
    retry: false,
  });
