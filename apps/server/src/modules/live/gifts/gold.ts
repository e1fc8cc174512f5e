import { sql } from 'drizzle-orm';
import { fromMinor, toMinor } from '@bp/contract';
import { oneOf, type Db, type DbOrTx } from '../../../platform/db/index.ts';
import { once, type IdempotencyKey } from '../../../platform/idempotency.ts';
import { clock } from '../../../platform/clock.ts';
import { balanceOf, goldAccounts, houseAccount, memberAccount, postTransfer, type WalletOwner } from '../../wallet/index.ts';

/**
 * Gold coins: bought with main-wallet money at the site's rate (gold coins per unit of its
 * currency), held in the member's gold account of the ledger, given to anchors as gifts. Coins are
 * counted in hundredths, like money: `amount × rate` exactly.
 */
export async function goldBalance(db: Db, owner: WalletOwner, rate: number) {
  const { gold } = await goldAccounts(db, owner);
  return { gold: fromMinor(await balanceOf(db, gold)), rate };
}

/**
 * Main wallet -> gold coins, once per Idempotency-Key: the money goes to the buyer's slice of the
 * house's gold account in the site's currency and the coins come from the buyer's slice of the
 * house's issue, two transfers of one purchase.
 */
export function buyGold(db: Db, owner: WalletOwner, key: IdempotencyKey, amount: number, rate: number) {
  return once(db, owner.memberId, key, { amount }, async (tx) => {
    const amountMinor = toMinor(amount);
    const goldMinor = amountMinor * BigInt(rate);
    const purchase = await oneOf<{ purchase_id: unknown }>(
      tx,
      sql`
      INSERT INTO live_gold_purchases (member_id, site_id, amount_minor, gold_minor, rate, created_at)
      VALUES (${owner.memberId}, ${owner.siteId}, ${amountMinor.toString()}, ${goldMinor.toString()}, ${rate}, ${new Date(clock.now())})
      RETURNING purchase_id`,
    );
    const ref = `gold:${purchase!.purchase_id}`;
    const [main, sales, coins] = [
      await memberAccount(tx, owner),
      await houseAccount(tx, owner.siteId, owner.currency, 'gold', owner.memberId),
      await goldAccounts(tx, owner),
    ];
    const paid = await postTransfer(tx, { from: main, to: sales, amountMinor, kind: 'gold.buy', ref });
    const issued = await postTransfer(tx, { from: coins.issue, to: coins.gold, amountMinor: goldMinor, kind: 'gold.issue', ref });
    return { gold: fromMinor(issued.toBalance), main: fromMinor(paid.fromBalance) };
  });
}

/** Gold coins given to a member by another module (the vip module's points exchange), inside its transaction, once per ref. */
export async function rewardGold(tx: DbOrTx, owner: WalletOwner, goldMinor: bigint, ref: string): Promise<bigint> {
  const coins = await goldAccounts(tx, owner);
  const issued = await postTransfer(tx, { from: coins.issue, to: coins.gold, amountMinor: goldMinor, kind: 'gold.reward', ref });
  return issued.toBalance;
}
