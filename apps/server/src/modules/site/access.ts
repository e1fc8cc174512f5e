import { and, asc, eq } from 'drizzle-orm';
import { ACCESS_RULES_MAX, AccessRuleInput, type AccessRule } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { inRange, parseAddress, parseRange, type Range } from '../../platform/ip-ranges.ts';
import { siteAccessRules, sites } from './tables.ts';
import { andThen, type Now } from '../../platform/now.ts';
import { cachedNow, forget } from './cache.ts';
import { requireSite } from './service.ts';

/** A site's rules, compiled once per cache period so judging a visitor is pure memory work. */
interface CompiledRules {
  /** No rules at all: every visitor is open, nothing about them need be worked out. */
  none: boolean;
  ipAllow: Array<{ rule: AccessRule; range: Range }>;
  ipDeny: Array<{ rule: AccessRule; range: Range }>;
  ipCaveat: Array<{ rule: AccessRule; range: Range }>;
  countryAllow: Set<string>;
  countryDeny: Map<string, AccessRule>;
  countryCaveat: Map<string, AccessRule>;
}

export interface Visitor {
  ip: string | null;
  country: string | null;
}

export type AccessVerdict = { kind: 'open' } | { kind: 'restricted'; restrictionCode: string } | { kind: 'caveat'; reason: string };

const OPEN: AccessVerdict = { kind: 'open' };

/** Checks and normalises one rule: a valid range, or a two-letter country code in capitals. */
function normalise(input: AccessRuleInput): Omit<AccessRule, 'id'> {
  const parsed = AccessRuleInput.safeParse(input);
  if (!parsed.success) fail('ACCESS_RULE_INVALID', { msg: `访问规则无效：${parsed.error.issues[0].message}` });
  const rule = parsed.data!;
  if (rule.kind === 'ip') {
    if (!parseRange(rule.value)) fail('ACCESS_RULE_INVALID', { msg: `访问规则无效：${rule.value} 不是IP地址或网段` });
    return rule;
  }
  const code = rule.value.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) fail('ACCESS_RULE_INVALID', { msg: `访问规则无效：${rule.value} 不是两位国家代码` });
  return { ...rule, value: code };
}

function compile(rules: AccessRule[]): CompiledRules {
  const out: CompiledRules = {
    none: rules.length === 0,
    ipAllow: [],
    ipDeny: [],
    ipCaveat: [],
    countryAllow: new Set(),
    countryDeny: new Map(),
    countryCaveat: new Map(),
  };
  for (const rule of rules) {
    if (rule.kind === 'ip') {
      const list = rule.action === 'allow' ? out.ipAllow : rule.action === 'deny' ? out.ipDeny : out.ipCaveat;
      list.push({ rule, range: parseRange(rule.value)! });
    } else if (rule.action === 'allow') out.countryAllow.add(rule.value);
    else (rule.action === 'deny' ? out.countryDeny : out.countryCaveat).set(rule.value, rule);
  }
  return out;
}

/**
 * Who gets in. Precedence, strongest first:
 * 1. an allowed IP range admits its visitors whatever else applies (offices, partners);
 * 2. a denied IP range, then a denied country, refuses;
 * 3. a non-empty country allow list refuses every other country, and an unknown one;
 * 4. a cautioned IP range or country sends the visitor to the access alert with its reason.
 */
export function judge(rules: CompiledRules, visitor: Visitor): AccessVerdict {
  // Most sites have no IP rules: the address is parsed only when a list needs it.
  let addr: ReturnType<typeof parseAddress> | undefined;
  const hit = (list: CompiledRules['ipAllow']) => {
    if (list.length === 0) return undefined;
    addr ??= parseAddress(visitor.ip);
    return addr ? list.find((r) => inRange(addr!, r.range))?.rule : undefined;
  };
  const country = visitor.country;
  if (hit(rules.ipAllow)) return OPEN;
  const deniedIp = hit(rules.ipDeny);
  if (deniedIp) return { kind: 'restricted', restrictionCode: `IP_DENIED-${deniedIp.id}` };
  const deniedCountry = country ? rules.countryDeny.get(country) : undefined;
  if (deniedCountry) return { kind: 'restricted', restrictionCode: `COUNTRY_DENIED-${deniedCountry.id}` };
  if (rules.countryAllow.size > 0 && !(country && rules.countryAllow.has(country))) return { kind: 'restricted', restrictionCode: 'COUNTRY_NOT_ALLOWED' };
  const caveat = hit(rules.ipCaveat) ?? (country ? rules.countryCaveat.get(country) : undefined);
  return caveat ? { kind: 'caveat', reason: caveat.reason } : OPEN;
}

const key = (siteId: number) => `access:${siteId}`;

const ruleOf = ({ id, kind, action, value, reason }: typeof siteAccessRules.$inferSelect) => ({ id, kind, action, value, reason }) as AccessRule;

export async function getAccessRules(db: Db, siteId: number): Promise<AccessRule[]> {
  const rows = await db.select().from(siteAccessRules).where(eq(siteAccessRules.siteId, siteId)).orderBy(asc(siteAccessRules.id));
  return rows.map(ruleOf);
}

/**
 * The verdict on a visitor of a site; the rules are cached a few seconds. The visitor is worked out
 * only when the site has rules to judge it by.
 */
export function judgeVisitor(db: Db, siteId: number, visitor: () => Visitor): Now<AccessVerdict> {
  return andThen(
    cachedNow(db, key(siteId), async () => compile(await getAccessRules(db, siteId))),
    (rules) => (rules.none ? OPEN : judge(rules, visitor())),
  );
}

/** Operator: replaces a site's rules as a whole (all valid, or nothing changes). */
export async function setAccessRules(db: Db, siteId: number, rules: AccessRuleInput[]): Promise<AccessRule[]> {
  await requireSite(db, siteId);
  if (!Array.isArray(rules) || rules.length > ACCESS_RULES_MAX) fail('ACCESS_RULE_INVALID', { msg: `访问规则无效：须为不超过${ACCESS_RULES_MAX}条的列表` });
  const normalised = rules.map(normalise);
  await db.transaction(async (tx) => {
    await tx.delete(siteAccessRules).where(eq(siteAccessRules.siteId, siteId));
    if (normalised.length > 0) await tx.insert(siteAccessRules).values(normalised.map((r) => ({ siteId, ...r })));
  });
  forget(db, key(siteId));
  return getAccessRules(db, siteId);
}

/** What a rule is about, written one way: `10.0.0.1` and `10.0.0.1/32` are the same range. */
function targetOf(rule: Omit<AccessRule, 'id'>): string {
  if (rule.kind === 'country') return `country:${rule.value}`;
  const [addr, bits] = parseRange(rule.value)!;
  return `ip:${addr.toString()}/${bits}`;
}

/**
 * Operator: one rule more for a site, checked as a whole list's are. One rule per range or country
 * (two would leave the operator guessing which applies), and at most ACCESS_RULES_MAX.
 */
export async function addAccessRule(db: Db, siteId: number, input: AccessRuleInput): Promise<AccessRule> {
  await requireSite(db, siteId);
  const rule = normalise(input);
  const added = await db.transaction(async (tx) => {
    // The site's row is locked so two additions at once are checked one after the other.
    await tx.select({ siteId: sites.siteId }).from(sites).where(eq(sites.siteId, siteId)).for('update');
    const rules = await getAccessRules(tx, siteId);
    if (rules.length >= ACCESS_RULES_MAX) fail('ACCESS_RULE_INVALID', { msg: `访问规则无效：每个站点最多${ACCESS_RULES_MAX}条` });
    if (rules.some((r) => targetOf(r) === targetOf(rule))) fail('ACCESS_RULE_DUPLICATE');
    const [row] = await tx
      .insert(siteAccessRules)
      .values({ siteId, ...rule })
      .returning();
    return ruleOf(row);
  });
  forget(db, key(siteId));
  return added;
}

/** Operator: takes one rule off a site's list; the rule it was. */
export async function removeAccessRule(db: Db, siteId: number, id: number): Promise<AccessRule> {
  const [row] = await db
    .delete(siteAccessRules)
    .where(and(eq(siteAccessRules.siteId, siteId), eq(siteAccessRules.id, id)))
    .returning();
  const removed = row ? ruleOf(row) : fail('ACCESS_RULE_NOT_FOUND');
  forget(db, key(siteId));
  return removed;
}
