-- The originals' and 抢庄牛牛's own rows are pruned with the game records (issue 16): a mines board
-- and a dealt hand GAME_RECORD_RETENTION_DAYS after they were settled, a seed pair as long after
-- it was revealed once no board refers to it. These indexes let the hourly job find what is due,
-- and let a pair's delete check the boards that reference it (their foreign key) by index.
CREATE INDEX originals_mines_settled ON originals_mines (settled_at) WHERE status <> 'open';
CREATE INDEX originals_mines_seed ON originals_mines (seed_id);
CREATE INDEX originals_seeds_revealed ON originals_seeds (revealed_at) WHERE revealed_at IS NOT NULL;
CREATE INDEX chess_niuniu_settled ON chess_niuniu_hands (settled_at) WHERE status = 'settled';
