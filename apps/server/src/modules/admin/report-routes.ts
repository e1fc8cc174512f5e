import type { FastifyInstance } from 'fastify';
import { DAY_MS, fromMinor, shanghaiDay } from '@bp/contract';
import { ggrOf, moneyReport, type MoneyFigures, type ReportGroup } from '../wallet/index.ts';
import { listProviders } from '../provider/index.ts';
import { listVenues } from '../venue/index.ts';
import { listSites } from '../site/index.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { operatorRoute } from './audited.ts';
import { operatorOf, requireSite } from './sessions.ts';

/** The longest range a report covers, in days. */
const MAX_DAYS = 366;

/** The instant a Shanghai day (YYYY-MM-DD) begins; a day that does not exist is refused. */
function shanghaiStart(day: string): number {
  const at = Date.parse(`${day}T00:00:00+08:00`);
  if (Number.isNaN(at) || shanghaiDay(at) !== day) fail('REPORT_RANGE_INVALID');
  return at;
}

/** A report's row: the wallet's figures with turnover, GGR and NGR (GGR less bonuses and rebates) in the currency's units. */
function rowOf(f: MoneyFigures, label: string) {
  const ggr = ggrOf(f);
  return {
    key: f.key,
    label,
    currency: f.currency,
    bets: f.bets,
    turnover: fromMinor(f.stakes - f.refunds),
    payouts: fromMinor(f.payouts),
    ggr: fromMinor(ggr),
    bonuses: fromMinor(f.bonuses),
    rebates: fromMinor(f.rebates),
    ngr: fromMinor(ggr - f.bonuses - f.rebates),
    deposits: fromMinor(f.deposits),
    withdrawals: fromMinor(f.withdrawals),
  };
}

const VENUE_LABELS: Record<string, string> = { sports: '体育', originals: '原创游戏', '': '非投注（存提款、红利）', other: '其他' };

/** What each grouping's keys are called on screen. */
async function labeller(db: Db, by: ReportGroup): Promise<(key: string) => string> {
  if (by === 'site') {
    const sites = (await listSites(db)).byId;
    return (key) => sites.get(Number(key))?.name ?? `站点${key}`;
  }
  if (by === 'venue') {
    // Play from the main wallet by its ledger key; a venue's own book by the venue (api_name).
    const providers = new Map((await listProviders(db)).map((p) => [`provider:${p.api_name}`, p.name]));
    const venues = new Map((await listVenues(db)).map((v) => [v.api_name, v.name]));
    return (key) => VENUE_LABELS[key] ?? providers.get(key) ?? venues.get(key) ?? key.replace(/^provider:/, '');
  }
  if (by === 'agent') return (key) => (key ? key.slice(key.indexOf(':') + 1) : '无代理（直属会员）');
  return (key) => key;
}

/** Every day of the range in each currency shown, a day without money as zeros (the chart's axis has no gaps). */
function everyDay(figures: MoneyFigures[], from: number, days: number, currencies: Set<string>): MoneyFigures[] {
  const byKey = new Map(figures.map((f) => [`${f.key}|${f.currency}`, f]));
  for (const f of figures) currencies.add(f.currency);
  return [...currencies].flatMap((currency) =>
    Array.from({ length: days }, (_, i) => {
      const key = shanghaiDay(from + i * DAY_MS);
      const zero = { bets: 0, stakes: 0n, refunds: 0n, payouts: 0n, bonuses: 0n, rebates: 0n, deposits: 0n, withdrawals: 0n };
      return byKey.get(`${key}|${currency}`) ?? { key, currency, ...zero };
    }),
  );
}

/** Reports by day, site, venue and agent over Shanghai days, from the wallet's ledger figures (the dashboard's computation). */
export function reportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  defineRoute(
    app,
    {
      url: '/api/admin/report',
      summary: 'Turnover, GGR, NGR, bonuses, rebates, deposits and withdrawals by day, site, venue or agent',
      ...operatorRoute('report.read'),
    },
    async (req) => {
      const { groupBy, siteId } = req.body;
      const from = shanghaiStart(req.body.from);
      const days = Math.round((shanghaiStart(req.body.to) - from) / DAY_MS) + 1;
      if (days < 1 || days > MAX_DAYS) fail('REPORT_RANGE_INVALID');
      const operator = operatorOf(req);
      if (siteId) requireSite(operator, siteId);
      const siteIds = siteId ? [siteId] : operator.siteIds;
      const figures = await moneyReport(db, { by: groupBy, siteIds, from: new Date(from), to: new Date(from + days * DAY_MS) });
      const label = await labeller(db, groupBy);
      const siteCurrency = siteId ? (await listSites(db)).byId.get(siteId)?.currency : undefined;
      const rows = groupBy === 'day' ? everyDay(figures, from, days, new Set(siteCurrency ? [siteCurrency] : [])) : figures;
      return { groupBy, from: req.body.from, to: req.body.to, rows: rows.map((f) => rowOf(f, label(f.key))) };
    },
  );
}
