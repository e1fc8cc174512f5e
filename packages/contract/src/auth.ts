import { z } from 'zod';

/** Names: 4 to 16 letters and digits, compared lower-cased (API.md). */
export const NAME_PATTERN = /^[A-Za-z0-9]{4,16}$/;

const phoneFields = {
  /** China: 11 digits starting with 1; overseas: 4 to 13 digits. */
  phone: z.string().max(20),
  /** Dialling code without '+'; absent: 86. */
  areaCode: z.string().max(6).optional(),
};
const captchaFields = {
  /** The login image captcha: the `uuid` the picture was fetched with, and the typed text. */
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
};

export const RegisterBody = z.object({
  name: z.string(),
  password: z.string(),
  /** Proxy or invite code: a member's own invite code or an agent code (seed 2 query i_code). */
  i_code: z.string().max(32).optional(),
  /** Recommendation code, recorded as given (seed 2 query r_code). */
  r_code: z.string().max(32).optional(),
  phone: phoneFields.phone.optional(),
  areaCode: phoneFields.areaCode,
  ...captchaFields,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/**
 * Login payload (seed 3): name, password, flag, version, timewd, oldPassword. With `oldPassword`
 * the call is a login that changes the password on the way in: `oldPassword` is the current one,
 * `password` the new one (the flow of a member who must change the password).
 */
export const LoginBody = z.object({
  name: z.string().min(1).max(32),
  password: z.string().min(1).max(64),
  /** Client flag (kept with the session). */
  flag: z.union([z.string().max(32), z.number()]).optional(),
  /** Client version (kept with the session). */
  version: z.string().max(32).optional(),
  /** Client clock at login (kept with the session). */
  timewd: z.union([z.string().max(32), z.number()]).optional(),
  oldPassword: z.string().max(64).optional(),
  ...captchaFields,
  /** The slider verification ticket when the site asks for it after repeated failures. */
  verifyTicket: z.string().max(128).optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The same login answers at three paths (seed 7): v3, lg/v5 and a hashed path. */
export const LOGIN_PATH = '/api/member/login/v3';
export const LOGIN_V5_PATH = '/api/member/lg/v5';
/** The hashed-path variant: `/api/` + the first 16 hex digits of md5('/api/member/login'). */
export const LOGIN_HASHED_PATH = '/api/c87f8135e53db6ce';

export const SessionData = z.object({ token: z.string(), memberId: z.number().int(), expireAt: z.number() });
export type SessionData = z.infer<typeof SessionData>;

export const CheckNameBody = z.object({ name: z.string().max(32) });
export const CheckNameData = z.object({ available: z.boolean() });
/** checkName/v2 also says why a name cannot be had. */
export const CheckNameV2Data = z.object({
  available: z.boolean(),
  reason: z.enum(['invalid', 'taken']).nullable(),
  msg: z.string(),
});

/**
 * Verification codes by SMS or email (sandbox: nothing is sent; while the site is a sandbox the
 * code is answered in `sandboxCode` so the screen can show it).
 * Scenes: `bind` a phone or email to the logged-in member; `activate` a dormant member (the code
 * goes to the member's bound phone or email, named by `name`). Forgotten passwords send their code
 * from step 1.
 */
export const CODE_CHANNELS = ['sms', 'email'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
export const CODE_SCENES = ['bind', 'activate'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

export const SendCodeBody = z.object({
  type: z.enum(CODE_CHANNELS),
  scene: z.enum(CODE_SCENES),
  phone: phoneFields.phone.optional(),
  areaCode: phoneFields.areaCode,
  email: z.string().max(64).optional(),
  name: z.string().max(32).optional(),
});
export type SendCodeBody = z.infer<typeof SendCodeBody>;
export const SendCodeData = z.object({
  /** When the code stops working (epoch ms). */
  expireAt: z.number(),
  /** When another code may be asked for (epoch ms). */
  resendAt: z.number(),
  /** The destination, masked. */
  to: z.string(),
  sandboxCode: z.string().optional(),
});
export type SendCodeData = z.infer<typeof SendCodeData>;

export const BindPhoneBody = z.object({ ...phoneFields, code: z.string().max(8) });
export const BindEmailBody = z.object({ email: z.string().max(64), code: z.string().max(8) });
/** The member's contacts after a binding. */
export const BindContactData = z.object({ phone: z.string().nullable(), areaCode: z.string().nullable(), email: z.string().nullable() });

/** A member's logout preference: end the session after this many idle minutes (0: only at 22:00). */
export const IDLE_LOGOUT_CHOICES = [0, 15, 30, 60, 120] as const;
export type IdleLogoutMinutes = (typeof IDLE_LOGOUT_CHOICES)[number];
export const LogoutSetupBody = z.object({
  idleMinutes: z.union(IDLE_LOGOUT_CHOICES.map((n) => z.literal(n))).optional(),
});
export const LogoutSetupData = z.object({ idleMinutes: z.number().int() });

/** Forgotten password, by phone or by email, in three steps. */
export const FORGET_CHANNELS = ['phone', 'email'] as const;
export type ForgetChannel = (typeof FORGET_CHANNELS)[number];
export const forgetPath = <C extends ForgetChannel, S extends 1 | 2 | 3>(channel: C, step: S) => `/api/member/forgetPassword/${channel}/step${step}` as const;
export const ForgetPhoneStep1Body = z.object({ name: z.string().max(32), ...phoneFields });
export const ForgetEmailStep1Body = z.object({ name: z.string().max(32), email: z.string().max(64) });
/** Step 1 answers a reset ticket and sends the code. */
export const ForgetStep1Data = SendCodeData.extend({ ticket: z.string() });
/** Step 2: the code turns the ticket into a verified one. */
export const ForgetStep2Body = z.object({ ticket: z.string().max(128), code: z.string().max(8) });
export const ForgetStep2Data = z.object({ ticket: z.string() });
/** Step 3: the new password with the verified ticket; every session ends. */
export const ForgetStep3Body = z.object({ ticket: z.string().max(128), password: z.string().max(64) });

/** Change password (needs security verification): every session ends; this device gets a fresh one. */
export const ChangePasswordBody = z.object({
  oldPassword: z.string().min(1).max(64),
  password: z.string().min(1).max(64),
  verifyTicket: z.string().max(128).optional(),
});
export const CheckChangePasswordData = z.object({ mustChange: z.boolean() });

/** Dormant members (seed 7: isMemberSleep, activeMemberSleep). */
export const MemberSleepBody = z.object({ name: z.string().max(32) });
export const MemberSleepData = z.object({ sleep: z.boolean(), sleepDays: z.number().int() });
/** Reactivation: name and password, and either a code sent with scene `activate` or the image captcha. */
export const ActiveMemberSleepBody = z.object({
  name: z.string().min(1).max(32),
  password: z.string().min(1).max(64),
  type: z.enum(CODE_CHANNELS).optional(),
  code: z.string().max(8).optional(),
  ...captchaFields,
});
export type ActiveMemberSleepBody = z.infer<typeof ActiveMemberSleepBody>;

/**
 * Security verification (seed 4). A call the server wants verified answers code NEED_SAFE with
 * `data: NeedSafeData`. The client opens the dialog of `verifyType`, gets a challenge from
 * `/api/captchaEx/get`, has the member solve it, checks it at `/api/captchaEx/check` for a
 * single-use `ticket`, and re-sends the original request with `{verifyTicket: ticket}` merged into
 * its body. An empty result cancels the call with 'request closed'.
 */
export const VERIFY_TYPES = ['slider', 'image'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];
export const VERIFY_TICKET_FIELD = 'verifyTicket';

export const NeedSafeData = z.object({ verifyType: z.enum(VERIFY_TYPES), scene: z.string() });
export type NeedSafeData = z.infer<typeof NeedSafeData>;

/** A scene names what the ticket is good for, e.g. `login`, `changePassword`, `withdraw`, `ic`. */
export const VerifySceneField = z.string().regex(/^[A-Za-z0-9_.-]{1,32}$/);

/** Issues a captchaId for a scene (seed 7: captchaEx/register; geeTest/register is the same call). */
export const CaptchaExRegisterBody = z.object({ scene: VerifySceneField, verifyType: z.enum(VERIFY_TYPES).default('slider') });
export const CaptchaExRegisterData = z.object({ captchaId: z.string(), verifyType: z.enum(VERIFY_TYPES), expireAt: z.number() });

export const CaptchaExGetBody = z.object({
  scene: VerifySceneField,
  verifyType: z.enum(VERIFY_TYPES).default('slider'),
  /** A captchaId from captchaEx/register; absent, a fresh one is issued. */
  captchaId: z.string().max(64).optional(),
});
export const CaptchaExGetData = z.object({
  captchaId: z.string(),
  verifyType: z.enum(VERIFY_TYPES),
  /** slider: a background with a notch and the piece to drag (data URLs), width in px; image: the code picture. */
  background: z.string(),
  piece: z.string().nullable(),
  width: z.number().int(),
  pieceY: z.number().int().nullable(),
});
export const CaptchaExCheckBody = z.object({
  captchaId: z.string().max(64),
  /** slider: the x offset in px where the piece was dropped; image: the typed code. */
  answer: z.union([z.number(), z.string().max(16)]),
  /** slider: how long the drag took, in ms (a robot drags instantly). */
  durationMs: z.number().int().min(0).max(600_000).optional(),
});
export const CaptchaExCheckData = z.object({ ticket: z.string() });

/** Slider rules: the drop within this many px of the notch, after a drag of at least this long. */
export const SLIDER_TOLERANCE_PX = 5;
export const SLIDER_MIN_DRAG_MS = 200;
/** A verification ticket lives this long and serves once. */
export const VERIFY_TICKET_TTL_MS = 120_000;

/**
 * The robot check (seed 8: robot-check code -> verification page). The page solves a challenge of
 * scene `ic`, sends the ticket to `/api/gw/ic/verify` (GET `?ticket=` or POST `{ticket}`), and keeps
 * the `rqiab` response header (RQIAB_HEADER) as a token, sent back in the `rqiab` request header
 * until `expireAt`.
 */
export const HUMAN_CHECK_SCENE = 'ic';
export const IcVerifyBody = z.object({ ticket: z.string().max(128) });
export const IcVerifyData = z.object({ expireAt: z.number() });

/** `/api/v2/vvm`: how this site verifies, answered as plain JSON (never encrypted). */
export const VvmData = z.object({
  verifyType: z.enum(VERIFY_TYPES),
  loginVerifyType: z.enum(['image', 'slider']),
  loginVerifyTriggerTimes: z.number().int(),
  sliderTolerancePx: z.number().int(),
  sliderMinDragMs: z.number().int(),
  ticketTtlMs: z.number().int(),
});

/** Login image captcha: `GET /api/captcha/image?uuid=<client id>` answers an SVG; login sends `captchaId: uuid, captcha: text`. */
export const CAPTCHA_IMAGE_PATH = '/api/captcha/image';
export const CaptchaImageQuery = z.object({ uuid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
