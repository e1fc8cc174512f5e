import type { ReactNode } from 'react';
import { Descriptions, Space, Tag, Typography, type DescriptionsProps } from 'antd';
import { MINES_TILES, ORIGINAL_NAMES, RED_NUMBERS, TABLE_SPOT_NAMES, TABLE_WINNER_NAMES, type TableOutcome } from '@bp/contract';

/**
 * A round's result as the operator reads it, per game: the cards of baccarat and dragon tiger, the
 * roulette number, the dice roll against its target, the mines board, the keno draw, the niuniu
 * hands… Anything a game records that is not known here is listed by its field, never hidden.
 */

type Detail = Record<string, unknown>;
const SUITS: Record<string, [string, boolean]> = { s: ['♠', false], h: ['♥', true], d: ['♦', true], c: ['♣', false] };

/** A card in either form the games record: rank then suit (tables: `Ts`) or suit then rank (棋牌: `S10`). */
export function cardOf(code: string): { text: string; red: boolean } | null {
  const tables = /^([A2-9TJQK])([shdc])$/.exec(code);
  const chess = /^([SHDC])(A|[2-9]|10|J|Q|K)$/.exec(code);
  const [rank, suit] = tables ? [tables[1] === 'T' ? '10' : tables[1], tables[2]] : chess ? [chess[2], chess[1].toLowerCase()] : [null, null];
  if (!rank || !suit) return null;
  return { text: `${SUITS[suit][0]}${rank}`, red: SUITS[suit][1] };
}

function Cards({ cards }: { cards: unknown }) {
  if (!Array.isArray(cards) || !cards.length) return <>—</>;
  return (
    <Space size={4} wrap>
      {cards.map((code, i) => {
        const card = cardOf(String(code));
        return (
          <Tag key={i} style={{ fontFamily: 'monospace', fontSize: 14, color: card?.red ? '#cf1322' : '#000', marginInlineEnd: 0 }}>
            {card?.text ?? String(code)}
          </Tag>
        );
      })}
    </Space>
  );
}

const SPOTS: Record<string, string> = TABLE_SPOT_NAMES;

/** A table spot in words: 闲, 庄对, 直注 17, 分注 17-20, 第2打, 第3列. */
export function spotText(spot: string): string {
  const m = /^(straight|split|dozen|column):(.+)$/.exec(spot);
  if (!m) return SPOTS[spot] ?? spot;
  return { straight: `直注 ${m[2]}`, split: `分注 ${m[2]}`, dozen: `第${m[2]}打`, column: `第${m[2]}列` }[m[1] as 'straight']!;
}

const WINNERS: Record<string, string> = TABLE_WINNER_NAMES;
const pocketColour = (n: number) => (n === 0 ? ['绿', 'green'] : RED_NUMBERS.includes(n) ? ['红', 'red'] : ['黑', '#000']);

type Item = NonNullable<DescriptionsProps['items']>[number];
const item = (label: string, value: ReactNode, span = 1): Item => ({ key: label, label, children: value, span });
const winner = (w: string) => item('结果', <Tag color="blue">{WINNERS[w]}</Tag>, 2);

/** A live table's deal: baccarat's hands and totals, dragon tiger's two cards, roulette's pocket. */
function tableItems(outcome: TableOutcome): Item[] {
  if (outcome.game === 'roulette') {
    const [name, color] = pocketColour(outcome.number);
    const parity = outcome.number === 0 ? '' : `，${outcome.number % 2 ? '单' : '双'}，${outcome.number <= 18 ? '小' : '大'}`;
    const pocket = (
      <Tag color={color === '#000' ? '#262626' : color} style={{ fontSize: 16, padding: '2px 10px' }}>
        {outcome.number}
      </Tag>
    );
    return [
      item(
        '开奖号码',
        <>
          {pocket} {`${name}${parity}`}
        </>,
        2,
      ),
    ];
  }
  if (outcome.game === 'dragon-tiger')
    return [item('龙', <Cards cards={[outcome.dragon]} />), item('虎', <Cards cards={[outcome.tiger]} />), winner(outcome.winner)];
  const hand = (cards: string[], total: number, pair: boolean, pairName: string) => (
    <Space size={8}>
      <Cards cards={cards} />
      <span>{total} 点</span>
      {pair && <Tag color="gold">{pairName}</Tag>}
    </Space>
  );
  return [
    item('闲', hand(outcome.player, outcome.playerTotal, outcome.playerPair, '闲对')),
    item('庄', hand(outcome.banker, outcome.bankerTotal, outcome.bankerPair, '庄对')),
    winner(outcome.winner),
  ];
}

/** The mines board: 5 × 5, mines shown, the tiles the member opened marked. */
function MinesBoard({ mines, revealed }: { mines: number[]; revealed: number[] }) {
  const side = Math.sqrt(MINES_TILES);
  return (
    <div role="grid" aria-label="扫雷棋盘" style={{ display: 'grid', gridTemplateColumns: `repeat(${side}, 28px)`, gap: 4 }}>
      {Array.from({ length: MINES_TILES }, (_, tile) => {
        const mine = mines.includes(tile);
        const opened = revealed.includes(tile);
        return (
          <div
            key={tile}
            role="gridcell"
            title={`${tile + 1}号格${mine ? '：雷' : ''}${opened ? '（已翻开）' : ''}`}
            style={{
              width: 28,
              height: 28,
              lineHeight: '28px',
              textAlign: 'center',
              borderRadius: 4,
              fontSize: 14,
              background: mine ? (opened ? '#ff4d4f' : '#ffccc7') : opened ? '#95de64' : '#f0f0f0',
            }}
          >
            {mine ? '雷' : opened ? '✓' : ''}
          </div>
        );
      })}
    </div>
  );
}

const list = (value: unknown) => (Array.isArray(value) ? value.join('、') : String(value ?? '—'));
const times = (value: unknown) => (typeof value === 'number' ? `${value}×` : '—');
const winText = (win: unknown) => (win ? <Tag color="green">赢</Tag> : <Tag>输</Tag>);

/** The originals by game (gameCode), from the fields outcome.ts records. */
function originalsItems(game: string, d: Detail): Item[] {
  const common = [item('倍数', times(d.multiplier)), item('结果', winText(d.win))];
  if (game === 'dice') return [item('目标', `${d.condition === 'over' ? '大于' : '小于'} ${d.target}`), item('掷出', <b>{String(d.roll)}</b>), ...common];
  if (game === 'limbo') return [item('目标倍数', times(d.targetMultiplier)), item('开出倍数', <b>{times(d.result)}</b>), ...common];
  if (game === 'plinko') {
    const path = Array.isArray(d.path) ? d.path.map((step) => (step ? '右' : '左')).join(' ') : '—';
    const risk = { low: '低', medium: '中', high: '高' }[String(d.risk)] ?? String(d.risk);
    return [item('行数', String(d.rows)), item('风险', risk), item('路径', path, 2), item('落入', `第 ${Number(d.bucket) + 1} 格`), ...common];
  }
  if (game === 'keno') return [item('选号', list(d.picks), 2), item('开出', list(d.drawn), 2), item('命中', list(d.hits)), ...common];
  if (game === 'mines') {
    const mines = (d.minePositions as number[] | undefined) ?? [];
    const revealed = (d.revealed as number[] | undefined) ?? [];
    return [
      item('雷数', String(d.mines ?? mines.length)),
      item('翻开', `${revealed.length} 格`),
      item('棋盘', <MinesBoard mines={mines} revealed={revealed} />, 2),
      item('倍数', times(d.multiplier)),
      item('结果', d.win ? <Tag color="green">已兑现</Tag> : <Tag color="red">踩雷</Tag>),
    ];
  }
  return [];
}

const LABELS: Record<string, string> = {
  tableId: '桌台',
  roundNo: '局数',
  result: '结果',
  base: '底注',
  held: '冻结额',
  memberHand: '会员牌型',
  houseHand: '庄家牌型',
  memberBid: '会员抢庄倍数',
  houseBid: '平台抢庄倍数',
  banker: '庄家',
  bankerMultiple: '庄家倍数',
  bet: '每炮',
  shots: '发炮数',
  caught: '捕获',
  symbols: '图案',
  multiplier: '倍数',
  providerRound: '供应商局号',
  creditTx: '派彩交易号',
  rolledBack: '回滚交易号',
};
/** Fields shown elsewhere (the proof, the table's own parts), or read by the game-specific parts above. */
const SHOWN = new Set(['outcome', 'spots', 'cards', 'houseCards', 'seedId', 'serverSeedHash', 'clientSeed', 'nonce']);

/** What the game's own parts do not cover, by field (zh-CN label where known). */
function otherItems(d: Detail, skip: Set<string>): Item[] {
  return Object.entries(d)
    .filter(([key]) => !SHOWN.has(key) && !skip.has(key))
    .map(([key, value]) =>
      item(
        LABELS[key] ?? key,
        key === 'multiplier' ? times(value) : typeof value === 'object' && value !== null ? <code>{JSON.stringify(value)}</code> : list(value),
      ),
    );
}

const ORIGINAL_FIELDS = new Set([
  'target',
  'condition',
  'roll',
  'targetMultiplier',
  'result',
  'multiplier',
  'win',
  'rows',
  'risk',
  'path',
  'bucket',
  'picks',
  'drawn',
  'hits',
  'mines',
  'minePositions',
  'revealed',
]);

export interface ResultRound {
  kind: string;
  gameCode: string;
  detail: unknown;
}

/** The round's result, per game. */
export function RoundResult({ round, amount }: { round: ResultRound; amount: (value: number) => string }) {
  const d = (round.detail ?? {}) as Detail;
  const items: Item[] = [];
  if (Array.isArray(d.spots))
    items.push(
      item(
        '下注',
        <Space size={4} wrap>
          {(d.spots as Array<{ spot: string; amount: number }>).map((s) => (
            <Tag key={s.spot}>
              {spotText(s.spot)} {amount(s.amount)}
            </Tag>
          ))}
        </Space>,
        2,
      ),
    );
  if (d.outcome && typeof d.outcome === 'object') items.push(...tableItems(d.outcome as TableOutcome));
  const original = round.kind === 'originals' && round.gameCode in ORIGINAL_NAMES;
  if (original) items.push(...originalsItems(round.gameCode, d));
  if (d.cards) items.push(item('会员手牌', <Cards cards={d.cards} />), item('庄家手牌', <Cards cards={d.houseCards} />));
  items.push(...otherItems(d, original ? ORIGINAL_FIELDS : new Set()));
  if (!items.length) return <Typography.Text type="secondary">本局没有记录结果</Typography.Text>;
  return <Descriptions bordered size="small" column={2} items={items} />;
}
