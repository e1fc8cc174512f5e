import { z } from 'zod';
import { SETTLEMENT_UNITS, THEME_SERIES } from './enums.ts';

/** The seed's site config keys (section 3) and the platform's own. */
export const SITE_CONFIG_KEYS = [
  'login_verify_trigger_times',
  'fast_register_verify',
  'register_phone_number',
  'withdrawal_password',
  'site_festival_skin',
] as const;

export const EmptyBody = z.object({}).passthrough();

export const Maintenance = z.object({
  /** 0: under maintenance (seed 8: maintenance status 0 sends the visitor to /maintenance); 1: open. */
  status: z.number().int(),
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  message: z.string(),
});
export type Maintenance = z.infer<typeof Maintenance>;

export const PerInfo = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  series: z.enum(THEME_SERIES),
  settlementUnit: z.enum(SETTLEMENT_UNITS),
  currency: z.string(),
  festivalSkin: z.string().nullable(),
  deploySiteId: z.number().int(),
  /** The 13 pairs mapping site id to deploy-site id (seed 3). */
  deploySites: z.array(z.object({ siteId: z.number().int(), deploySiteId: z.number().int() })),
  language: z.literal('zh-CN'),
  /** English exists but is switched off by a flag (seed 1). */
  englishEnabled: z.boolean(),
  maintenance: Maintenance,
});
export type PerInfo = z.infer<typeof PerInfo>;

export const ConfigGetBody = z.object({ keyCode: z.string().min(1).max(64) });
export const ConfigGetsBody = z.object({ keyCodes: z.array(z.string().min(1).max(64)).min(1).max(50) });
export const ConfigEntry = z.object({ keyCode: z.string(), value: z.string().nullable() });

export const SiteTime = z.object({ now: z.number() });
