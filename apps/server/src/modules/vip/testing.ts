/** Test helpers of the vip module (tests and the benchmark only). */
export { recordRound } from './turnover.ts';

/**
 * SQL (one script, several statements, for one session) making a settled day at scale, as the
 * products leave it (bench/rebate-day.mjs and close-day.test.ts): `members` members named rb<n> (a
 * tenth on the USDT site), a main wallet each and one deposit for four in five of them (from
 * nothing to a VIP5's worth, posted as the ledger posts: balance-after chained), then `bets` bets
 * settled during `day`: 40 % sportsbook bets (won, lost, half won or lost, and 5 % void or cashed
 * out, which count nothing), whose valid turnover the settlement recorded for all but one in 97
 * (a lost follow-up the day's job catches up), and 60 % casino rounds recorded in their own
 * transaction (egame, live, chess). Then what the job must grant, computed apart from it (from the
 * bets and the transfers): tables rb_expected_levels and rb_expected_rebates.
 */
export function settledDaySql(day: string, members: number, bets: number): string {
  return `
    INSERT INTO members (site_id, name, password_hash, own_invite_code, created_at)
    SELECT CASE WHEN g % 10 = 0 THEN 2 ELSE 1 END, 'rb' || g, 'x', 'rbc' || g, now() - interval '100 days'
    FROM generate_series(1, ${members}) g;
    CREATE TEMP TABLE rb_members AS
      SELECT row_number() OVER (ORDER BY member_id) AS i, member_id, site_id, CASE site_id WHEN 2 THEN 'USDT' ELSE 'CNY' END AS currency
      FROM members WHERE name LIKE 'rb%';
    INSERT INTO wallet_accounts (account_key, site_id, currency, kind, member_id)
    SELECT 'member:' || member_id || ':main', site_id, currency, 'main', member_id FROM rb_members;
    INSERT INTO wallet_accounts (account_key, site_id, currency, kind, name)
    VALUES ('house:1:CNY:deposits:bench', 1, 'CNY', 'house', 'deposits'), ('house:2:USDT:deposits:bench', 2, 'USDT', 'house', 'deposits');
    -- Deposits in major units spread from 100 to 120,000 (CNY; a seventh of it in USDT).
    CREATE TEMP TABLE rb_deposits AS
      SELECT m.member_id, m.site_id, a.account_id AS member_account, h.account_id AS house_account,
        ((100 + (m.i * 7919) % 120000) * CASE m.currency WHEN 'USDT' THEN 15 ELSE 100 END)::bigint AS amount
      FROM rb_members m JOIN wallet_accounts a ON a.account_key = 'member:' || m.member_id || ':main'
      JOIN wallet_accounts h ON h.account_key = 'house:' || m.site_id || ':' || m.currency || ':deposits:bench'
      WHERE m.i % 5 <> 0;
    INSERT INTO wallet_transfers (from_account, to_account, amount_minor, kind, ref, from_balance_after, to_balance_after, created_at)
    SELECT house_account, member_account, amount, 'deposit.credit', 'bench-deposit:' || member_id,
      -sum(amount) OVER (PARTITION BY house_account ORDER BY member_id), amount, now() - interval '2 days'
    FROM rb_deposits ORDER BY member_id;
    UPDATE wallet_accounts a SET balance = d.amount FROM rb_deposits d WHERE a.account_id = d.member_account;
    UPDATE wallet_accounts a SET balance = -t.total FROM (SELECT house_account, sum(amount) AS total FROM rb_deposits GROUP BY house_account) t
    WHERE a.account_id = t.house_account;

    CREATE TEMP TABLE rb_bets AS
      SELECT g, m.member_id, m.site_id, m.currency,
        ((10 + (g::bigint * 7919) % 3000) * CASE m.currency WHEN 'USDT' THEN 15 ELSE 100 END)::bigint AS stake,
        (120 + (g::bigint * 104729) % 400)::bigint AS odds_x100,
        -- A member's bets are g, g + members, ...: what varies by g / members varies for each member.
        CASE WHEN (g + g / ${members}) % 10 < 4 THEN 'sports' WHEN (g + g / ${members}) % 10 < 7 THEN 'egame'
          WHEN (g + g / ${members}) % 10 < 9 THEN 'live' ELSE 'chess' END AS category,
        (g::bigint * 13 + (g / ${members}) * 7) % 20 AS fate,
        '${day}'::date::timestamp AT TIME ZONE 'Asia/Shanghai' + ((g::bigint * 7727) % 86400) * interval '1 second' AS settled_at
      FROM generate_series(1, ${bets}) g JOIN rb_members m ON m.i = 1 + (g::bigint * 31) % ${members};
    INSERT INTO sports_bets (order_id, member_id, site_id, currency, bet_type, stake_minor, odds_x100, potential_return_minor, status, payout_minor,
      settlement_no, created_at, settled_at)
    SELECT 'RB' || g, member_id, site_id, currency, 'single', stake, odds_x100, stake * odds_x100 / 100, s.status,
      CASE s.status WHEN 'won' THEN stake * odds_x100 / 100 WHEN 'half_won' THEN stake + (stake * odds_x100 / 100 - stake) / 2
        WHEN 'half_lost' THEN stake / 2 WHEN 'lost' THEN 0 ELSE stake END, 1, settled_at - interval '2 hours', settled_at
    FROM rb_bets CROSS JOIN LATERAL (SELECT CASE WHEN fate < 8 THEN 'lost' WHEN fate < 15 THEN 'won' WHEN fate < 17 THEN 'half_won'
      WHEN fate < 18 THEN 'half_lost' WHEN fate < 19 THEN 'void' ELSE 'cashed_out' END AS status) s
    WHERE category = 'sports';
    -- What each settlement recorded (all but one bet in 97), as vip/turnover.ts records it.
    INSERT INTO vip_valid_bets (source, ref, member_id, site_id, day, category, valid_minor, wager_minor)
    SELECT 'sports', order_id, member_id, site_id, (settled_at AT TIME ZONE 'Asia/Shanghai')::date, 'sports',
      LEAST(stake_minor, abs(payout_minor - stake_minor)), CASE WHEN odds_x100 <= 150 THEN 0 ELSE LEAST(stake_minor, abs(payout_minor - stake_minor)) END
    FROM sports_bets WHERE order_id LIKE 'RB%' AND status IN ('won', 'lost', 'half_won', 'half_lost') AND substr(order_id, 3)::bigint % 97 <> 0;
    -- Casino rounds: a loss of the stake, or a win of 0.2 to 3 times it.
    INSERT INTO vip_valid_bets (source, ref, member_id, site_id, day, category, valid_minor, wager_minor)
    SELECT 'casino', 'RB' || g, member_id, site_id, '${day}'::date, category, v.valid, v.valid
    FROM rb_bets CROSS JOIN LATERAL (SELECT CASE WHEN fate < 11 THEN stake ELSE LEAST(stake, stake * (fate - 9) / 5) END AS valid) v
    WHERE category <> 'sports';
    ANALYZE members; ANALYZE wallet_accounts; ANALYZE wallet_transfers; ANALYZE sports_bets;     DROP TABLE rb_members, rb_deposits, rb_bets;
    ANALYZE members; ANALYZE wallet_accounts; ANALYZE wallet_transfers; ANALYZE sports_bets; ANALYZE vip_valid_bets;
    CREATE TABLE rb_expected_levels AS
    WITH turnover AS (
      SELECT member_id, site_id, category, sum(valid) AS valid FROM (
        SELECT member_id, site_id, 'sports' AS category, LEAST(stake_minor, abs(payout_minor - stake_minor)) AS valid
        FROM sports_bets WHERE order_id LIKE 'RB%' AND status IN ('won', 'lost', 'half_won', 'half_lost')
        UNION ALL SELECT member_id, site_id, category, valid_minor FROM vip_valid_bets WHERE source = 'casino' AND ref LIKE 'RB%'
      ) x GROUP BY 1, 2, 3
    ), totals AS (
      SELECT t.member_id, t.site_id, sum(t.valid) AS turnover,
        coalesce((SELECT sum(amount_minor) FROM wallet_transfers w WHERE w.ref = 'bench-deposit:' || t.member_id AND w.kind = 'deposit.credit'), 0) AS deposit
      FROM turnover t GROUP BY 1, 2
    )
    SELECT t.member_id, t.site_id, (SELECT max(vip_level) FROM vip_grades g WHERE g.site_id = t.site_id AND g.deposit_minor <= t.deposit AND g.turnover_minor <= t.turnover) AS level
    FROM totals t;
    CREATE TABLE rb_expected_rebates AS
    SELECT t.member_id, t.category, floor(sum(t.valid) * r.rate_bp / 10000) AS amount FROM (
        SELECT member_id, 'sports' AS category, LEAST(stake_minor, abs(payout_minor - stake_minor)) AS valid
        FROM sports_bets WHERE order_id LIKE 'RB%' AND status IN ('won', 'lost', 'half_won', 'half_lost')
        UNION ALL SELECT member_id, category, valid_minor FROM vip_valid_bets WHERE source = 'casino' AND ref LIKE 'RB%'
      ) t JOIN rb_expected_levels l USING (member_id) JOIN vip_rebate_rates r ON r.site_id = l.site_id AND r.vip_level = l.level AND r.category = t.category
    GROUP BY t.member_id, t.category, r.rate_bp HAVING floor(sum(t.valid) * r.rate_bp / 10000) > 0;`;
}

/** The day's grants against the expected ones: rows (what, got, want); equal when the job granted each once. */
export function grantDifferencesSql(day: string): string {
  return `
    SELECT 'rebates (count / sum)' AS what,
      (SELECT count(*) || ' / ' || coalesce(sum(amount_minor), 0) FROM vip_bonuses WHERE source = 'rebate' AND ref LIKE '${day}:%') AS got,
      (SELECT count(*) || ' / ' || coalesce(sum(amount), 0) FROM rb_expected_rebates) AS want
    UNION ALL
    SELECT 'rebates differing by member and category',
      (SELECT count(*)::text FROM rb_expected_rebates e
       FULL JOIN (SELECT * FROM vip_bonuses WHERE source = 'rebate' AND ref LIKE '${day}:%') b ON b.member_id = e.member_id AND b.ref = '${day}:' || e.category
       WHERE b.amount_minor IS DISTINCT FROM e.amount), '0'
    UNION ALL
    SELECT 'upgrade bonuses (count / sum)',
      (SELECT count(*) || ' / ' || coalesce(sum(amount_minor), 0) FROM vip_bonuses WHERE source = 'upgrade' AND member_id IN (SELECT member_id FROM rb_expected_levels)),
      (SELECT count(*) || ' / ' || coalesce(sum(g.upgrade_bonus_minor), 0) FROM rb_expected_levels l
       JOIN vip_grades g ON g.site_id = l.site_id AND g.vip_level BETWEEN 1 AND l.level AND g.upgrade_bonus_minor > 0)
    UNION ALL
    SELECT 'levels differing (vip / member)',
      (SELECT count(*) FROM rb_expected_levels e LEFT JOIN vip_members m USING (member_id) WHERE coalesce(m.vip_level, 0) <> e.level) || ' / ' ||
      (SELECT count(*) FROM rb_expected_levels e JOIN members m USING (member_id) WHERE m.vip_level <> e.level), '0 / 0'`;
}

/** Undoes a day's job on the rows settledDaySql made (grants, levels, runs, the bets it caught up), to run it afresh. */
export const undoDaySql = (): string => `
  DELETE FROM vip_bonuses WHERE member_id IN (SELECT member_id FROM rb_expected_levels);
  DELETE FROM vip_members WHERE member_id IN (SELECT member_id FROM rb_expected_levels);
  DELETE FROM vip_job_runs;
  UPDATE members SET vip_level = 0 WHERE vip_level <> 0 AND member_id IN (SELECT member_id FROM rb_expected_levels);
  DELETE FROM vip_valid_bets WHERE source = 'sports' AND ref LIKE 'RB%' AND substr(ref, 3)::bigint % 97 = 0;
  ANALYZE vip_bonuses; ANALYZE vip_members; ANALYZE vip_valid_bets; ANALYZE members;`;
