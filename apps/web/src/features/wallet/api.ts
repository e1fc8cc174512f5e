import { useQuery } from '@tanstack/react-query';
import {
  Headers,
  type AutoTransferData,
  type BalanceData,
  type BankCard,
  type BankListData,
  type BindFlowData,
  type CancelCountData,
  type DealRecordData,
  type DepositOrder,
  type DepositOrdersData,
  type PayTypesData,
  type RecoverData,
  type TransferData,
  type UsdtAddress,
  type UsdtNetwork,
  type WalletTypeData,
  type WithdrawOrder,
  type WithdrawOrdersData,
  type WithdrawPasswordStatusData,
  type WithdrawPrepareData,
  type WithdrawPromptData,
  type YebConfigData,
  type YebMoveData,
  type YebReceiveData,
} from '@bp/contract';
import type { z } from 'zod';
import { call } from '../../shared/api/request.ts';
import { usePaged } from '../../shared/api/use-paged.ts';
import { serverClock } from '../../shared/time/server-time.ts';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { dealRecordBody, type DealQuery } from './model/deal-filter.ts';
import type { TransferRequest } from './model/transfer.ts';

export type Balance = z.infer<typeof BalanceData>;
export type PayType = z.infer<typeof PayTypesData>[number];
export type Deposit = z.infer<typeof DepositOrder>;
export type Withdrawal = z.infer<typeof WithdrawOrder>;
export type Card = z.infer<typeof BankCard>;
export type Address = z.infer<typeof UsdtAddress>;
export type Prepare = z.infer<typeof WithdrawPrepareData>;
export type DealPage = z.infer<typeof DealRecordData>;
export type Yeb = z.infer<typeof YebConfigData>;

/** Money calls carry the intent's key; their refusals are shown by the screen itself. */
const keyed = (key: string) => ({ silent: true, headers: { [Headers.idempotencyKey]: key } });
const quiet = { silent: true } as const;

/** The wallet's calls (seed 7: wallet, and the member's withdraw password and bank cards). */
export const walletApi = {
  balance: () => call<Balance>('/api/wallet/balance', {}),
  walletType: () => call<z.infer<typeof WalletTypeData>>('/api/wallet/type', {}, { cacheMs: 3_600_000 }),
  transfer: (body: TransferRequest, key: string) => call<z.infer<typeof TransferData>>('/api/wallet/transfer', { ...body }, keyed(key)),
  recover: (key: string) => call<z.infer<typeof RecoverData>>('/api/wallet/recover', {}, keyed(key)),
  autoTransfer: () => call<z.infer<typeof AutoTransferData>>('/api/wallet/autoTransfer/get', {}),
  setAutoTransfer: (status: boolean) => call<z.infer<typeof AutoTransferData>>('/api/wallet/autoTransfer/set', { status }, quiet),

  payTypes: () => call<PayType[]>('/api/wallet/pay/types', {}),
  payVal: (body: { payTypeId: number; amount: number; payerName?: string }, key: string) => call<Deposit>('/api/wallet/pay/payVal', body, keyed(key)),
  usdtPay: (body: { payTypeId: number; amount: number }, key: string) => call<Deposit>('/api/wallet/usdt/pay', body, keyed(key)),
  deposit: (orderId: number) => call<Deposit>('/api/wallet/pay/detail', { orderId }),
  deposits: (page: number, size: number) => call<z.infer<typeof DepositOrdersData>>('/api/wallet/pay/orders', { page, size }),
  confirmTransfer: (orderId: number, payerName: string) => call<Deposit>('/api/wallet/speedPay/confirm', { orderId, payerName }, quiet),
  appeal: (orderId: number, reason: string) => call<Deposit>('/api/wallet/speedPay/appeal', { orderId, reason }, quiet),
  cancelDeposit: (orderId: number) => call<Deposit>('/api/wallet/speedPay/cancel', { orderId }, quiet),
  cancelCount: () => call<z.infer<typeof CancelCountData>>('/api/wallet/speedPay/cancelCount', {}),
  uploadProof: (orderId: number, file: File) => {
    const form = new FormData();
    form.append('orderId', String(orderId));
    form.append('file', file, file.name);
    return call<Deposit>('/api/wallet/speedPay/upload', {}, { ...quiet, form });
  },

  banks: () => call<z.infer<typeof BankListData>>('/api/wallet/bank/list', {}, { cacheMs: 600_000 }),
  cards: () => call<Card[]>('/api/wallet/bankCard/list', {}),
  addCard: (body: { bankCode: string; cardNum: string; branch?: string }) => call<Card>('/api/wallet/bankCard/add', body, quiet),
  deleteCard: (cardId: number) => call<null>('/api/wallet/bankCard/delete', { cardId }, quiet),
  addresses: () => call<Address[]>('/api/wallet/address/list', {}),
  addAddress: (body: { network: UsdtNetwork; address: string; alias?: string }) => call<Address>('/api/wallet/address/add', body, quiet),
  deleteAddress: (addressId: number) => call<null>('/api/wallet/address/delete', { addressId }, quiet),
  bindRealName: (realName: string) => call<{ realName: string }>('/api/member/realName', { realName }, quiet),

  passwordStatus: () => call<z.infer<typeof WithdrawPasswordStatusData>>('/api/wallet/withdrawPassword/status', {}),
  setPassword: (password: string) => call<null>('/api/wallet/withdrawPassword/set', { password }, quiet),
  updatePassword: (oldPassword: string, password: string) => call<null>('/api/wallet/withdrawPassword/update', { oldPassword, password }, quiet),
  resetPassword: (proof: string, password: string) => call<null>('/api/wallet/withdrawPassword/reset', { proof, password }, quiet),

  bindFlow: () => call<z.infer<typeof BindFlowData>>('/api/wallet/withdraw/bindFlow', {}),
  prompt: () => call<z.infer<typeof WithdrawPromptData>>('/api/wallet/withdraw/prompt', {}),
  prepare: (amount?: number) => call<Prepare>('/api/wallet/withdraw/prepare', amount === undefined ? {} : { amount }),
  withdraw: (body: { amount: number; withdrawPassword: string; cardId: number }, key: string) => call<Withdrawal>('/api/wallet/withdraw/new', body, keyed(key)),
  withdrawUsdt: (body: { amount: number; withdrawPassword: string; addressId: number }, key: string) =>
    call<Withdrawal>('/api/wallet/usdt/withdraw', body, keyed(key)),
  cancelWithdrawal: (orderId: number, key: string) => call<Withdrawal>('/api/wallet/withdraw/cancel', { orderId }, keyed(key)),
  withdrawals: (page: number, size: number) => call<z.infer<typeof WithdrawOrdersData>>('/api/wallet/withdraw/orders', { page, size }),

  deals: (q: DealQuery, page: number, size: number) => call<DealPage>('/api/wallet/queryDealRecord', dealRecordBody(q, page, size, serverClock.now())),

  yeb: () => call<Yeb>('/api/wallet/yeb/config', {}),
  toYeb: (amount: number, key: string) => call<z.infer<typeof YebMoveData>>('/api/wallet/yeb/toYeb', { amount }, keyed(key)),
  toCenter: (amount: number, key: string) => call<z.infer<typeof YebMoveData>>('/api/wallet/yeb/toCenter', { amount }, keyed(key)),
  receiveInterest: (key: string) => call<z.infer<typeof YebReceiveData>>('/api/wallet/yeb/receive', {}, keyed(key)),
};

/**
 * Query keys. Everything lives under 'member' (a logout forgets it); the balance shares the
 * personal centre's key, so the wallet's realtime frames refresh every screen showing it.
 */
export const walletKeys = {
  balance: ['member', 'balance'] as const,
  all: ['member', 'wallet'] as const,
  of: (...parts: Array<string | number>) => ['member', 'wallet', ...parts] as const,
};

const useMemberQuery = <T>(key: readonly unknown[], fn: () => Promise<T>, staleTime = 0) => {
  const loggedIn = useLoggedIn();
  return useQuery({ queryKey: key, queryFn: fn, enabled: loggedIn, staleTime });
};

export const useBalance = () => useMemberQuery(walletKeys.balance, walletApi.balance, 5_000);
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
