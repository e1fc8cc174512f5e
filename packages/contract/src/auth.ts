import { z } from 'zod';

/** Names: 4 to 16 letters and digits, compared lower-cased (API.md). */
export const NAME_PATTERN = /^[A-Za-z0-9]{4,16}$/;

export const RegisterBody = z.object({
  name: z.string(),
  password: z.string(),
  i_code: z.string().max(32).optional(),
  r_code: z.string().max(32).optional(),
  phone: z.string().max(20).optional(),
  areaCode: z.string().max(6).optional(),
  captcha: z.string().max(16).optional(),
  captchaId: z.string().max(64).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Login payload (seed 3): name, password, flag, version, timewd, oldPassword. */
export const LoginBody = z.object({
  name: z.string().min(1).max(32),
  password: z.string().min(1).max(64),
  flag: z.union([z.string(), z.number()]).optional(),
  version: z.string().max(32).optional(),
  timewd: z.union([z.string(), z.number()]).optional(),
  oldPassword: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
  captchaId: z.string().max(64).optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SessionData = z.object({ token: z.string(), memberId: z.number().int(), expireAt: z.number() });
export type SessionData = z.infer<typeof SessionData>;

export const MemberInfo = z
  .object({
    memberId: z.number().int(),
    name: z.string(),
    nickname: z.string(),
    avatar: z.string(),
    vipLevel: z.number().int(),
    grade: z.string(),
    currency: z.string(),
    siteId: z.number().int(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    realName: z.string().nullable(),
    birthday: z.string().nullable(),
    address: z.string().nullable(),
    createdAt: z.number(),
    lastLoginAt: z.number().nullable(),
  })
  .passthrough();
export type MemberInfo = z.infer<typeof MemberInfo>;

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

export const CaptchaExGetBody = z.object({ scene: z.string().max(32), verifyType: z.enum(VERIFY_TYPES).default('slider') });
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

/** Login image captcha: `GET /api/captcha/image?uuid=<client id>` answers an SVG; login sends `captchaId: uuid, captcha: text`. */
export const CAPTCHA_IMAGE_PATH = '/api/captcha/image';
