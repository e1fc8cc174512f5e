import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { AppError } from '../../platform/http/index.ts';
import { setOnce } from '../auth/index.ts';
import { setConfig } from '../site/index.ts';
import { recoverAll, transferWithVenue } from '../venue/index.ts';
import { houseAccount, memberAccount, memberBalances, postTransfer, walletOwner, type WalletOwner } from './index.ts';
import { approveWithdrawal, cancelWithdrawal, rejectWithdrawal, requestWithdrawal } from './withdrawals.ts';
import { payVal } from './pay.ts';
import { toCenter, toYeb } from './yeb.ts';
import { addBankCard } from './destinations.ts';
import { auditLedger } from './audit.ts';
import { luhnCard, newIdempotencyKey, newKey } from './testing.ts';
import { offerVenues } from '../casino/testing.ts';

let s: TestServer;
let sandboxPayType: number;
beforeAll(async () => {
  s = await startTestServer();
  const { db } = s.deps;
  await setConfig(db, 1, 'withdraw_turnover_multiple', '0');
  await setConfig(db, 1, 'withdrawal_password', '0');
  await offerVenues(db, 'AG', 'KY');
  await db.execute(sql`UPDATE wallet_yeb_config SET lock_hours = 0 WHERE site_id = 1`);
  const [row] = (await db.execute(sql`SELECT pay_type_id FROM wallet_pay_types WHERE site_id = 1 AND kind = 'sandbox'`)).rows as Array<{ pay_type_id: number }>;
  sandboxPayType = row.pay_type_id;
});
afterAll(() => s.close());

const VENUES = ['AG', 'PG', 'KY'] as const;
const cents = fc.integer({ min: 1, max: 60_000 });
const who = fc.integer({ min: 0, max: 1 });
const op = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('deposit' as const), who, cents: fc.integer({ min: 1_000, max: 500_000 }) }), weight: 3 },
  fc.record({ t: fc.constantFrom('toVenue' as const, 'fromVenue' as const), who, cents, venue: fc.constantFrom(...VENUES) }),
  fc.record({ t: fc.constantFrom('toYeb' as const, 'toCenter' as const, 'withdraw' as const, 'stake' as const, 'payout' as const), who, cents }),
  fc.record({ t: fc.constantFrom('cancel' as const, 'approve' as const, 'reject' as const, 'recover' as const), who }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

interface Player {
  owner: WalletOwner;
  cardId: number;
  /** What came in from outside minus what went out: deposits - paid withdrawals - stakes + payouts. */
  net: bigint;
}

async function newPlayer(): Promise<Player> {
  const m = await s.member();
  await setOnce(s.deps.db, m.memberId, 'realName', '测试');
  const owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
  const card = await addBankCard(s.deps.db, owner, { bankCode: 'ICBC', cardNum: luhnCard(m.memberId) });
  return { owner, cardId: card.cardId, net: 0n };
}

async function pendingWithdrawal(p: Player): Promise<{ order_id: number; amount_minor: string } | undefined> {
  const { rows } = await s.deps.db.execute(
    sql`SELECT order_id, amount_minor FROM wallet_withdraw_orders WHERE member_id = ${p.owner.memberId} AND status = 'pending' ORDER BY order_id LIMIT 1`,
  );
  return rows[0] as { order_id: number; amount_minor: string } | undefined;
}

async function house(tx: Parameters<Parameters<TestServer['deps']['db']['transaction']>[0]>[0], name: 'stakes' | 'payouts') {
  return houseAccount(tx, 1, 'CNY', name);
}

/** Applies one operation; a refusal (AppError) is a legal outcome that must move nothing. */
async function apply(p: Player, o: Op): Promise<void> {
  const { db } = s.deps;
  const amount = 'cents' in o ? o.cents / 100 : 0;
  const minor = 'cents' in o ? BigInt(o.cents) : 0n;
  switch (o.t) {
    case 'deposit':
      await payVal(db, p.owner, newIdempotencyKey(), { payTypeId: sandboxPayType, amount });
      p.net += minor;
      return;
    case 'toVenue':
    case 'fromVenue':
      await transferWithVenue(db, p.owner, newIdempotencyKey(), o, { apiName: o.venue, amountMinor: minor, out: o.t === 'fromVenue' });
      return;
    case 'toYeb':
      await toYeb(db, p.owner, newIdempotencyKey(), amount);
      return;
    case 'toCenter':
      await toCenter(db, p.owner, newIdempotencyKey(), amount);
      return;
    case 'withdraw':
      await requestWithdrawal(db, p.owner, newIdempotencyKey(), { amount, withdrawPassword: '', cardId: p.cardId });
      return;
    case 'stake':
    case 'payout':
      await db.transaction(async (tx) => {
        const main = await memberAccount(tx, p.owner);
        const [from, to] = o.t === 'stake' ? [main, await house(tx, 'stakes')] : [await house(tx, 'payouts'), main];
        await postTransfer(tx, { from, to, amountMinor: minor, kind: `bet.${o.t}`, ref: newKey() });
      });
      p.net += o.t === 'stake' ? -minor : minor;
      return;
    case 'recover':
      await recoverAll(db, p.owner, newIdempotencyKey());
      return;
    default: {
      const order = await pendingWithdrawal(p);
      if (!order) return;
      if (o.t === 'cancel') await cancelWithdrawal(db, p.owner.memberId, newIdempotencyKey(), order.order_id);
      else if (o.t === 'reject') await rejectWithdrawal(db, order.order_id);
      else {
        await approveWithdrawal(db, order.order_id);
        p.net -= BigInt(order.amount_minor);
      }
    }
  }
}

const holdings = async (p: Player) => {
  const b = await memberBalances(s.deps.db, p.owner.memberId);
  return Object.values(b.venues).reduce((sum, v) => sum + v, b.main + b.yeb + b.bonus + b.hold + b.transit);
};

describe('the ledger under random operation sequences', () => {
  it('keeps every invariant: sum zero, no member below zero, balances equal their transfers, nothing created or lost', async () => {
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const players = [await newPlayer(), await newPlayer()];
        for (const o of ops) {
          await apply(players[o.who], o).then(
            () => applied++,
            (err) => {
              if (!(err instanceof AppError)) throw err;
            },
          );
        }
        for (const p of players) expect(await holdings(p)).toBe(p.net);
        const audit = await auditLedger(s.deps.db);
        expect(audit, JSON.stringify(audit)).toMatchObject({ ok: true });
      }),
      { numRuns: 20 },
    );
    // The sequences really move money, not only get refused.
    expect(applied).toBeGreaterThan(40);
    // Twenty sequences, each followed by a full audit: longer than the default when the suite shares the cores.
  }, 120_000);
});
