import { z } from 'zod';
import {
  ActiveMemberSleepBody,
  BindContactData,
  BindEmailBody,
  BindPhoneBody,
  CaptchaExCheckBody,
  CaptchaExCheckData,
  CaptchaExGetBody,
  CaptchaExGetData,
  CaptchaExRegisterBody,
  CaptchaExRegisterData,
  ChangePasswordBody,
  CheckChangePasswordData,
  CheckNameBody,
  CheckNameData,
  CheckNameV2Data,
  ForgetEmailStep1Body,
  ForgetPhoneStep1Body,
  ForgetStep1Data,
  ForgetStep2Body,
  ForgetStep2Data,
  ForgetStep3Body,
  IcVerifyBody,
  IcVerifyData,
  LOGIN_HASHED_PATH,
  LOGIN_PATH,
  LOGIN_V5_PATH,
  LoginBody,
  LogoutSetupBody,
  LogoutSetupData,
  MemberSleepBody,
  MemberSleepData,
  RegisterBody,
  SendCodeBody,
  SendCodeData,
  SessionData,
  VvmData,
} from './auth.ts';
import {
  CollectionBody,
  CollectionData,
  CollectionListBody,
  DemoLaunchBody,
  EgameBrandsData,
  EgameListBody,
  EgameListData,
  SandboxSpinBody,
  SandboxSpinData,
  SandboxTicketBody,
  SandboxTicketData,
  VenueLaunchBody,
  VenueLaunchData,
} from './casino.ts';
import {
  AddressBody,
  AddressData,
  AgentContactData,
  AgentDecisionBody,
  AgentDecisionData,
  AgentJoinBody,
  AgentStatusData,
  AvatarBody,
  AvatarData,
  AvatarListData,
  BirthdayBody,
  BirthdayData,
  HelpArticleBody,
  HelpArticleData,
  HelpCategoriesData,
  MemberInfo,
  MessageCountData,
  MessageDeleteBody,
  MessageGetBody,
  MessageItem,
  MessageListBody,
  MessageListData,
  MessageReadBody,
  MessageSendBody,
  MessageSendData,
  MessageStickyBody,
  NicknameBody,
  NicknameData,
  RealNameBody,
  RealNameData,
} from './member.ts';
import {
  Banner,
  BannerListBody,
  ConfigEntry,
  ConfigGetBody,
  ConfigGetsBody,
  Country,
  CsConfig,
  EmptyBody,
  FloatIcon,
  LanguageCode,
  LanguageCodeBody,
  NavigationEntry,
  Notice,
  NoticeListBody,
  PerInfo,
  ShortUrl,
  ShortUrlCreateBody,
  SiteTime,
} from './site.ts';
import {
  BetPlaceBody,
  BetPlaceData,
  BetRecordsBody,
  BetRecordsData,
  CashOutBody,
  CashOutData,
  LeagueListBody,
  LeagueListData,
  MatchDetail,
  MatchDetailBody,
  OddsBody,
  OddsData,
  SportsBoardBody,
  SportsListBody,
  SportsListData,
  SportsVenue,
} from './sports.ts';
import {
  AddressIdBody,
  AutoTransferBody,
  AutoTransferData,
  BalanceData,
  BankCard,
  BankCardAddBody,
  BankCardsData,
  BankListData,
  BindFlowData,
  CancelCountData,
  CardIdBody,
  DealRecordBody,
  DealRecordData,
  DepositOrdersData,
  OperatorDecisionBody,
  OperatorDecisionData,
  OrderIdBody,
  OrdersBody,
  PayCallbackData,
  PayTypesData,
  PayValBody,
  PayValData,
  RecoverData,
  SpeedPayAppealBody,
  SpeedPayConfirmBody,
  TransferBody,
  TransferData,
  UsdtAddress,
  UsdtAddressAddBody,
  UsdtAddressesData,
  UsdtWithdrawBody,
  WalletTypeData,
  WithdrawNewBody,
  WithdrawOrder,
  WithdrawOrdersData,
  WithdrawPasswordResetBody,
  WithdrawPasswordSetBody,
  WithdrawPasswordStatusData,
  WithdrawPasswordUpdateBody,
  WithdrawPrepareBody,
  WithdrawPrepareData,
  WithdrawPromptData,
  YebAmountBody,
  YebConfigData,
  YebMoveData,
  YebReceiveData,
} from './wallet.ts';

/** One call of the API: what it takes and what its envelope `{code, data, msg}` carries in `data` on success. */
export interface ApiRoute {
  /** Answered to GET, its fields in `query`; otherwise a POST with a JSON `body`. */
  method?: 'GET';
  body?: z.ZodType;
  query?: z.ZodType;
  data: z.ZodType;
  /** Moves money: the client sends an `Idempotency-Key`, one per intent and the same on every try. */
  idempotent?: true;
}

/** The answer of a call that only says it is done. */
const Done = z.null();
const login = { body: LoginBody, data: SessionData };
const captchaRegister = { body: CaptchaExRegisterBody, data: CaptchaExRegisterData };
const captchaCheck = { body: CaptchaExCheckBody, data: CaptchaExCheckData };
const operatorDecision = { body: OperatorDecisionBody, data: OperatorDecisionData };

/**
 * Every JSON call of the API by its path: the server declares its routes from it (validation and
 * OpenAPI), the web's `call(path, body)` takes its body's and its answer's types from it.
 */
export const API_ROUTES = {
  // The site.
  '/api/health': {
    method: 'GET',
    data: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), bus: z.enum(['memory', 'redis']), version: z.string() }),
  },
  '/api/site/time': { method: 'GET', data: SiteTime },
  '/api/site/group/site/perInfo': { body: EmptyBody, data: PerInfo },
  '/api/site/configInfo/get': { body: ConfigGetBody, data: ConfigEntry },
  '/api/site/configInfo/gets': { body: ConfigGetsBody, data: z.record(z.string(), z.string().nullable()) },
  '/api/site/language/code': { body: LanguageCodeBody, data: LanguageCode },
  '/api/site/banner/list': { body: BannerListBody, data: z.array(Banner) },
  '/api/site/notice/list': { body: NoticeListBody, data: z.array(Notice) },
  '/api/site/navigation/list': { body: EmptyBody, data: z.array(NavigationEntry) },
  '/api/site/floatIcon/list': { body: EmptyBody, data: z.array(FloatIcon) },
  '/api/site/cs/config': { body: EmptyBody, data: CsConfig },
  '/api/site/country/list': { body: EmptyBody, data: z.array(Country) },
  '/api/site/shortUrl/create': { body: ShortUrlCreateBody, data: ShortUrl },
  '/api/site/shortUrl/get': { body: z.object({ code: z.string().min(1).max(32) }), data: ShortUrl },

  // Accounts: registration, login, logout, codes, passwords, dormant members.
  '/api/member/register/v4': { body: RegisterBody, data: SessionData },
  [LOGIN_PATH]: login,
  [LOGIN_V5_PATH]: login,
  [LOGIN_HASHED_PATH]: login,
  '/api/member/logout': { body: EmptyBody, data: Done },
  '/api/member/logoutSetup': { body: LogoutSetupBody, data: LogoutSetupData },
  '/api/member/checkName': { body: CheckNameBody, data: CheckNameData },
  '/api/member/checkName/v2': { body: CheckNameBody, data: CheckNameV2Data },
  '/api/member/sendCode': { body: SendCodeBody, data: SendCodeData },
  '/api/member/bindPhone': { body: BindPhoneBody, data: BindContactData },
  '/api/member/bindEmail': { body: BindEmailBody, data: BindContactData },
  '/api/member/forgetPassword/phone/step1': { body: ForgetPhoneStep1Body, data: ForgetStep1Data },
  '/api/member/forgetPassword/phone/step2': { body: ForgetStep2Body, data: ForgetStep2Data },
  '/api/member/forgetPassword/phone/step3': { body: ForgetStep3Body, data: Done },
  '/api/member/forgetPassword/email/step1': { body: ForgetEmailStep1Body, data: ForgetStep1Data },
  '/api/member/forgetPassword/email/step2': { body: ForgetStep2Body, data: ForgetStep2Data },
  '/api/member/forgetPassword/email/step3': { body: ForgetStep3Body, data: Done },
  '/api/member/changePassword': { body: ChangePasswordBody, data: SessionData },
  '/api/member/checkChangePassword': { body: EmptyBody, data: CheckChangePasswordData },
  '/api/member/isMemberSleep': { body: MemberSleepBody, data: MemberSleepData },
  '/api/member/activeMemberSleep': { body: ActiveMemberSleepBody, data: SessionData },

  // Verification (geeTest paths are the older names of captchaEx's).
  '/api/captchaEx/register': captchaRegister,
  '/api/geeTest/register': captchaRegister,
  '/api/captchaEx/get': { body: CaptchaExGetBody, data: CaptchaExGetData },
  '/api/captchaEx/check': captchaCheck,
  '/api/geeTest/validate': captchaCheck,
  /** A POST with the ticket in the body, or a GET with it in the query. */
  '/api/gw/ic/verify': { body: IcVerifyBody, query: IcVerifyBody, data: IcVerifyData },
  /** Also answered to GET. */
  '/api/v2/vvm': { body: EmptyBody, data: VvmData },

  // The member's profile, messages, help and agency.
  '/api/member/info': { body: EmptyBody, data: MemberInfo },
  '/api/member/nickname': { body: NicknameBody, data: NicknameData },
  '/api/member/avatar/list': { body: EmptyBody, data: AvatarListData },
  '/api/member/avatar': { body: AvatarBody, data: AvatarData },
  '/api/member/address': { body: AddressBody, data: AddressData },
  '/api/member/realName': { body: RealNameBody, data: RealNameData },
  '/api/member/birthday': { body: BirthdayBody, data: BirthdayData },
  '/api/member/message/list': { body: MessageListBody, data: MessageListData },
  '/api/member/message/unread': { body: EmptyBody, data: MessageCountData },
  '/api/member/message/get': { body: MessageGetBody, data: MessageItem },
  '/api/member/message/read': { body: MessageReadBody, data: MessageCountData },
  '/api/member/message/delete': { body: MessageDeleteBody, data: MessageCountData },
  '/api/member/message/sticky': { body: MessageStickyBody, data: MessageItem },
  '/api/member/help/categories': { body: EmptyBody, data: HelpCategoriesData },
  '/api/member/help/article': { body: HelpArticleBody, data: HelpArticleData },
  '/api/member/agent/isAgent': { body: EmptyBody, data: AgentStatusData },
  '/api/member/agent/contactUs': { body: EmptyBody, data: AgentContactData },
  '/api/member/agent/joinUs': { body: AgentJoinBody, data: AgentStatusData },

  // The wallet: deposits, withdrawals and their destinations, history, the interest wallet.
  '/api/wallet/type': { body: EmptyBody, data: WalletTypeData },
  '/api/wallet/pay/types': { body: EmptyBody, data: PayTypesData },
  '/api/wallet/bank/list': { body: EmptyBody, data: BankListData },
  '/api/wallet/pay/payVal': { body: PayValBody, data: PayValData, idempotent: true },
  '/api/wallet/pay/callback/:channel': { body: z.object({}).loose(), data: PayCallbackData },
  '/api/wallet/pay/orders': { body: OrdersBody, data: DepositOrdersData },
  '/api/wallet/pay/detail': { body: OrderIdBody, data: PayValData },
  '/api/wallet/queryDealRecord': { body: DealRecordBody, data: DealRecordData },
  '/api/wallet/speedPay/confirm': { body: SpeedPayConfirmBody, data: PayValData },
  '/api/wallet/speedPay/appeal': { body: SpeedPayAppealBody, data: PayValData },
  '/api/wallet/speedPay/cancel': { body: OrderIdBody, data: PayValData },
  '/api/wallet/speedPay/cancelCount': { body: EmptyBody, data: CancelCountData },
  '/api/wallet/usdt/pay': { body: PayValBody, data: PayValData, idempotent: true },
  /** A multipart form (fields `orderId` and `file`), not JSON. */
  '/api/wallet/speedPay/upload': { data: PayValData },
  '/api/wallet/withdrawPassword/status': { body: EmptyBody, data: WithdrawPasswordStatusData },
  '/api/wallet/withdrawPassword/set': { body: WithdrawPasswordSetBody, data: Done },
  '/api/wallet/withdrawPassword/update': { body: WithdrawPasswordUpdateBody, data: Done },
  '/api/wallet/withdrawPassword/reset': { body: WithdrawPasswordResetBody, data: Done },
  '/api/wallet/bankCard/list': { body: EmptyBody, data: BankCardsData },
  '/api/wallet/bankCard/add': { body: BankCardAddBody, data: BankCard },
  '/api/wallet/bankCard/delete': { body: CardIdBody, data: Done },
  '/api/wallet/address/list': { body: EmptyBody, data: UsdtAddressesData },
  '/api/wallet/address/add': { body: UsdtAddressAddBody, data: UsdtAddress },
  '/api/wallet/address/delete': { body: AddressIdBody, data: Done },
  '/api/wallet/withdraw/bindFlow': { body: EmptyBody, data: BindFlowData },
  '/api/wallet/withdraw/prompt': { body: EmptyBody, data: WithdrawPromptData },
  '/api/wallet/withdraw/prepare': { body: WithdrawPrepareBody, data: WithdrawPrepareData },
  '/api/wallet/withdraw/new': { body: WithdrawNewBody, data: WithdrawOrder, idempotent: true },
  '/api/wallet/usdt/withdraw': { body: UsdtWithdrawBody, data: WithdrawOrder, idempotent: true },
  '/api/wallet/withdraw/cancel': { body: OrderIdBody, data: WithdrawOrder, idempotent: true },
  '/api/wallet/withdraw/orders': { body: OrdersBody, data: WithdrawOrdersData },
  '/api/wallet/yeb/config': { body: EmptyBody, data: YebConfigData },
  '/api/wallet/yeb/toYeb': { body: YebAmountBody, data: YebMoveData, idempotent: true },
  '/api/wallet/yeb/toCenter': { body: YebAmountBody, data: YebMoveData, idempotent: true },
  '/api/wallet/yeb/receive': { body: EmptyBody, data: YebReceiveData, idempotent: true },

  // Venue wallets: balances and transfers.
  '/api/wallet/balance': { body: EmptyBody, data: BalanceData },
  '/api/wallet/transfer': { body: TransferBody, data: TransferData, idempotent: true },
  '/api/wallet/recover': { body: EmptyBody, data: RecoverData, idempotent: true },
  '/api/wallet/autoTransfer/get': { body: EmptyBody, data: AutoTransferData },
  '/api/wallet/autoTransfer/set': { body: AutoTransferBody, data: AutoTransferData },

  // Games.
  '/api/game/egame/brands': { body: EmptyBody, data: EgameBrandsData },
  '/api/game/egame/list': { body: EgameListBody, data: EgameListData },
  '/api/game/collection/add': { body: CollectionBody, data: CollectionData },
  '/api/game/collection/remove': { body: CollectionBody, data: CollectionData },
  '/api/game/collection/list': { body: CollectionListBody, data: EgameListData },
  '/api/game/venue/launch': { body: VenueLaunchBody, data: VenueLaunchData, idempotent: true },
  '/api/game/venue/demoLaunch': { body: DemoLaunchBody, data: VenueLaunchData },
  '/api/game/sandbox/ticket': { body: SandboxTicketBody, data: SandboxTicketData },
  '/api/game/sandbox/spin': { body: SandboxSpinBody, data: SandboxSpinData, idempotent: true },

  // Sports.
  '/api/sports/list': { body: SportsListBody, data: SportsListData },
  '/api/sports/live/list': { body: SportsBoardBody, data: SportsListData },
  '/api/sports/popular/list': { body: SportsBoardBody, data: SportsListData },
  '/api/sports/match/detail': { body: MatchDetailBody, data: MatchDetail },
  '/api/sports/league/list': { body: LeagueListBody, data: LeagueListData },
  '/api/sports/odds': { body: OddsBody, data: OddsData },
  '/api/sports/venue/list': { body: EmptyBody, data: z.object({ list: z.array(SportsVenue) }) },
  '/api/sports/bet/place': { body: BetPlaceBody, data: BetPlaceData, idempotent: true },
  '/api/sports/bet/records': { body: BetRecordsBody, data: BetRecordsData },
  '/api/sports/bet/cashout': { body: CashOutBody, data: CashOutData, idempotent: true },

  // The operator's calls (an admin token, see requireOperator).
  '/api/admin/message/send': { body: MessageSendBody, data: MessageSendData },
  '/api/admin/agent/decide': { body: AgentDecisionBody, data: AgentDecisionData },
  '/api/admin/wallet/deposit/approve': operatorDecision,
  '/api/admin/wallet/deposit/reject': operatorDecision,
  '/api/admin/wallet/withdraw/approve': operatorDecision,
  '/api/admin/wallet/withdraw/reject': operatorDecision,
} satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof API_ROUTES;
export type ApiPath = keyof ApiRoutes;

type BodyOf<R> = R extends { body: infer S extends z.ZodType } ? z.input<S> : Record<string, never>;
type DataOf<R> = R extends { data: infer S extends z.ZodType } ? z.output<S> : never;

/** What a client sends to a path: its JSON body (fields with defaults may be left out). */
export type ApiBody<P extends ApiPath> = BodyOf<ApiRoutes[P]>;
/** What a client receives from a path: the envelope's `data` on success. */
export type ApiData<P extends ApiPath> = DataOf<ApiRoutes[P]>;
/** The paths that move money, and so take an `Idempotency-Key`. */
export type IdempotentPath = { [P in ApiPath]: ApiRoutes[P] extends { idempotent: true } ? P : never }[ApiPath];
