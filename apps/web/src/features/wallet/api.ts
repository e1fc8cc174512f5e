import { useQuery } from '@tanstack/react-query';
import type { ApiBody, ApiData } from '@bp/contract';
import { call, keyed } from '../../shared/api/request.ts';
import { usePaged } from '../../shared/api/use-paged.ts';
import { serverClock } from '../../shared/time/server-time.ts';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { dealRecordBody, type DealQuery } from './model/deal-filter.ts';

export type { Balance } from '../../shared/wallet/balance.ts';
export type PayType = ApiData<'/api/wallet/pay/types'>[number];
export type Deposit = ApiData<'/api/wallet/pay/detail'>;
export type Withdrawal = ApiData<'/api/wallet/withdraw/new'>;
export type Card = ApiData<'/api/wallet/bankCard/add'>;
export type Address = ApiData<'/api/wallet/address/add'>;
export type Prepare = ApiData<'/api/wallet/withdraw/prepare'>;
export type DealPage = ApiData<'/api/wallet/queryDealRecord'>;
export type Yeb = ApiData<'/api/wallet/yeb/config'>;

const quiet = { silent: true } as const;

/** The wallet's calls (seed 7: wallet, and the member's withdraw password and bank cards). */
export const walletApi = {
  walletType: () => call('/api/wallet/type', {}, { cacheMs: 3_600_000 }),
  transfer: (body: ApiBody<'/api/wallet/transfer'>, key: string) => call('/api/wallet/transfer', body, keyed(key)),
  recover: (key: string) => call('/api/wallet/recover', {}, keyed(key)),
  autoTransfer: () => call('/api/wallet/autoTransfer/get', {}),
  setAutoTransfer: (status: boolean) => call('/api/wallet/autoTransfer/set', { status }, quiet),

  payTypes: () => call('/api/wallet/pay/types', {}),
  payVal: (body: ApiBody<'/api/wallet/pay/payVal'>, key: string) => call('/api/wallet/pay/payVal', body, keyed(key)),
  usdtPay: (body: ApiBody<'/api/wallet/usdt/pay'>, key: string) => call('/api/wallet/usdt/pay', body, keyed(key)),
  deposit: (orderId: number) => call('/api/wallet/pay/detail', { orderId }),
  deposits: (page: number, size: number) => call('/api/wallet/pay/orders', { page, size }),
  confirmTransfer: (orderId: number, payerName: string) => call('/api/wallet/speedPay/confirm', { orderId, payerName }, quiet),
  appeal: (orderId: number, reason: string) => call('/api/wallet/speedPay/appeal', { orderId, reason }, quiet),
  cancelDeposit: (orderId: number) => call('/api/wallet/speedPay/cancel', { orderId }, quiet),
  cancelCount: () => call('/api/wallet/speedPay/cancelCount', {}),
  uploadProof: (orderId: number, file: File) => {
    const form = new FormData();
    form.append('orderId', String(orderId));
    form.append('file', file, file.name);
    return call('/api/wallet/speedPay/upload', {}, { ...quiet, form });
  },

  banks: () => call('/api/wallet/bank/list', {}, { cacheMs: 600_000 }),
  cards: () => call('/api/wallet/bankCard/list', {}),
  addCard: (body: ApiBody<'/api/wallet/bankCard/add'>) => call('/api/wallet/bankCard/add', body, quiet),
  deleteCard: (cardId: number) => call('/api/wallet/bankCard/delete', { cardId }, quiet),
  addresses: () => call('/api/wallet/address/list', {}),
  addAddress: (body: ApiBody<'/api/wallet/address/add'>) => call('/api/wallet/address/add', body, quiet),
  deleteAddress: (addressId: number) => call('/api/wallet/address/delete', { addressId }, quiet),
  bindRealName: (realName: string) => call('/api/member/realName', { realName }, quiet),

  passwordStatus: () => call('/api/wallet/withdrawPassword/status', {}),
  setPassword: (password: string) => call('/api/wallet/withdrawPassword/set', { password }, quiet),
  updatePassword: (oldPassword: string, password: string) => call('/api/wallet/withdrawPassword/update', { oldPassword, password }, quiet),
  resetPassword: (proof: string, password: string) => call('/api/wallet/withdrawPassword/reset', { proof, password }, quiet),

  bindFlow: () => call('/api/wallet/withdraw/bindFlow', {}),
  prompt: () => call('/api/wallet/withdraw/prompt', {}),
  prepare: (amount?: number) => call('/api/wallet/withdraw/prepare', amount === undefined ? {} : { amount }),
  withdraw: (body: ApiBody<'/api/wallet/withdraw/new'>, key: string) => call('/api/wallet/withdraw/new', body, keyed(key)),
  withdrawUsdt: (body: ApiBody<'/api/wallet/usdt/withdraw'>, key: string) => call('/api/wallet/usdt/withdraw', body, keyed(key)),
  cancelWithdrawal: (orderId: number, key: string) => call('/api/wallet/withdraw/cancel', { orderId }, keyed(key)),
  withdrawals: (page: number, size: number) => call('/api/wallet/withdraw/orders', { page, size }),

  deals: (q: DealQuery, page: number, size: number) => call('/api/wallet/queryDealRecord', dealRecordBody(q, page, size, serverClock.now())),

  yeb: () => call('/api/wallet/yeb/config', {}),
  toYeb: (amount: number, key: string) => call('/api/wallet/yeb/toYeb', { amount }, keyed(key)),
  toCenter: (amount: number, key: string) => call('/api/wallet/yeb/toCenter', { amount }, keyed(key)),
  receiveInterest: (key: string) => call('/api/wallet/yeb/receive', {}, keyed(key)),
};

/** Query keys. Everything lives under 'member' (a logout forgets it); the balance is shared/wallet's. */
export const walletKeys = {
  all: ['member', 'wallet'] as const,
  of: (...parts: Array<string | number>) => ['member', 'wallet', ...parts] as const,
};

const useMemberQuery = <T>(key: readonly unknown[], fn: () => Promise<T>, staleTime = 0) => {
  const loggedIn = useLoggedIn();
  return useQuery({ queryKey: key, queryFn: fn, enabled: loggedIn, staleTime });
};

export const useWalletType = () => useMemberQuery(walletKeys.of('type'), walletApi.walletType, Infinity);
export const useAutoTransfer = () => useMemberQuery(walletKeys.of('autoTransfer'), walletApi.autoTransfer);
export const usePayTypes = () => useMemberQuery(walletKeys.of('payTypes'), walletApi.payTypes, 60_000);
export const useDeposit = (orderId: number) => useMemberQuery(walletKeys.of('deposit', orderId), () => walletApi.deposit(orderId));
export const useCancelCount = () => useMemberQuery(walletKeys.of('cancelCount'), walletApi.cancelCount);
export const useBanks = () => useMemberQuery(walletKeys.of('banks'), walletApi.banks, Infinity);
export const useCards = () => useMemberQuery(walletKeys.of('cards'), walletApi.cards);
export const useAddresses = () => useMemberQuery(walletKeys.of('addresses'), walletApi.addresses);
export const usePasswordStatus = () => useMemberQuery(walletKeys.of('passwordStatus'), walletApi.passwordStatus);
export const usePrompt = () => useMemberQuery(walletKeys.of('prompt'), walletApi.prompt);
export const usePrepare = () => useMemberQuery(walletKeys.of('prepare'), () => walletApi.prepare());
export const useYeb = () => useMemberQuery(walletKeys.of('yeb'), walletApi.yeb);

export const PAGE_SIZE = 20;

export const useDeposits = () => usePaged(walletKeys.of('deposits'), (page) => walletApi.deposits(page, PAGE_SIZE));
export const useWithdrawals = () => usePaged(walletKeys.of('withdrawals'), (page) => walletApi.withdrawals(page, PAGE_SIZE));
export const useDeals = (q: DealQuery) => usePaged(walletKeys.of('deals', q.type, q.period), (page) => walletApi.deals(q, page, PAGE_SIZE));
