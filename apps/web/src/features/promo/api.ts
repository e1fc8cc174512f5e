import { useQuery } from '@tanstack/react-query';
import type { DrawKind, GUESS_PICKS, NoviceTask, RecordKind } from '@bp/contract';
import { call, keyed } from '../../shared/api/request.ts';

/** The activity calls (API.md "VIP, rebates and activities"). */
export const promoApi = {
  list: () => call('/api/activity/list', {}, { cacheMs: 30_000 }),
  sign: () => call('/api/activity/sign/config', {}),
  wheel: () => call('/api/activity/wheel/config', {}),
  lottery: () => call('/api/activity/lottery/config', {}),
  deposit: () => call('/api/activity/deposit/config', {}),
  invite: () => call('/api/activity/invite/config', {}),
  friends: () => call('/api/activity/invite/friends', { page: 1, size: 50 }),
  novice: () => call('/api/activity/novice/config', {}),
  claim: (task: NoviceTask, key: string) => call('/api/activity/novice/claim', { task }, keyed(key)),
  guessConfig: () => call('/api/activity/guess/config', {}),
  guess: (matchId: number, pick: (typeof GUESS_PICKS)[number], key: string) => call('/api/activity/guess/draw', { matchId, pick }, keyed(key)),
  barrier: () => call('/api/activity/barrier/config', {}),
  takeStage: (stage: number, key: string) => call('/api/activity/barrier/draw', { stage }, keyed(key)),
  soccerLottery: () => call('/api/activity/soccer_lottery/config', {}),
  ticket: (roundId: number, picks: Array<{ matchId: number; pick: (typeof GUESS_PICKS)[number] }>, key: string) =>
    call('/api/activity/soccer_lottery/draw', { roundId, picks }, keyed(key)),
  quizConfig: () => call('/api/activity/quiz/config', {}),
  answer: (a: { day: string; slot: number; option: number }, key: string) => call('/api/activity/quiz/answer', a, keyed(key)),
  sponsors: () => call('/api/activity/sponsors/list', {}, { cacheMs: 60_000 }),
  experts: () => call('/api/activity/experts/list', {}),
  expert: (expertId: number) => call('/api/activity/experts/info', { expertId }),
  draw: (kind: DrawKind, key: string) => call(`/api/activity/${kind}/draw`, {}, keyed(key)),
  records: (kind: ReceiveKind) => call(`/api/activity/${kind}/records`, { page: 1, size: 30 }),
  receive: (kind: ReceiveKind, recordId: number, key: string) => call(`/api/activity/${kind}/receive`, { recordId }, keyed(key)),
};

/** Kinds whose prizes wait to be received (a novice task's is paid as it is claimed). */
export type ReceiveKind = Exclude<RecordKind, 'novice'>;

/** Query keys: the list is the site's; the rest under 'member' (a logout forgets them). */
export const promoKeys = {
  list: ['promo', 'list'] as const,
  member: ['member', 'promo'] as const,
  config: (kind: string) => ['member', 'promo', kind, 'config'] as const,
  records: (kind: ReceiveKind) => ['member', 'promo', kind, 'records'] as const,
  friends: ['member', 'promo', 'invite', 'friends'] as const,
  sponsors: ['promo', 'sponsors'] as const,
  experts: ['promo', 'experts'] as const,
  expert: (expertId: number) => ['promo', 'experts', expertId] as const,
};

export const useActivities = () => useQuery({ queryKey: promoKeys.list, queryFn: promoApi.list, staleTime: 30_000 });
export const useSignConfig = () => useQuery({ queryKey: promoKeys.config('sign'), queryFn: promoApi.sign });
export const useWheelConfig = () => useQuery({ queryKey: promoKeys.config('wheel'), queryFn: promoApi.wheel });
export const useLotteryConfig = () => useQuery({ queryKey: promoKeys.config('lottery'), queryFn: promoApi.lottery });
export const useDepositConfig = () => useQuery({ queryKey: promoKeys.config('deposit'), queryFn: promoApi.deposit });
export const useInviteConfig = () => useQuery({ queryKey: promoKeys.config('invite'), queryFn: promoApi.invite });
export const useFriends = () => useQuery({ queryKey: promoKeys.friends, queryFn: promoApi.friends });
export const useGuessConfig = () => useQuery({ queryKey: promoKeys.config('guess'), queryFn: promoApi.guessConfig });
export const useBarrierConfig = () => useQuery({ queryKey: promoKeys.config('barrier'), queryFn: promoApi.barrier });
export const useSoccerLotteryConfig = () => useQuery({ queryKey: promoKeys.config('soccer_lottery'), queryFn: promoApi.soccerLottery });
export const useNoviceConfig = () => useQuery({ queryKey: promoKeys.config('novice'), queryFn: promoApi.novice });
export const useRecords = (kind: ReceiveKind) => useQuery({ queryKey: promoKeys.records(kind), queryFn: () => promoApi.records(kind) });
export const useQuizConfig = () => useQuery({ queryKey: promoKeys.config('quiz'), queryFn: promoApi.quizConfig });
export const useSponsors = () => useQuery({ queryKey: promoKeys.sponsors, queryFn: promoApi.sponsors, staleTime: 60_000 });
export const useExperts = () => useQuery({ queryKey: promoKeys.experts, queryFn: promoApi.experts });
export const useExpert = (expertId: number) => useQuery({ queryKey: promoKeys.expert(expertId), queryFn: () => promoApi.expert(expertId) });
