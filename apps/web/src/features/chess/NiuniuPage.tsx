import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup, Toast } from 'antd-mobile';
import { NIUNIU_BIDS, type NiuniuRound } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { VenuePurse } from '../../shared/venue/VenuePurse.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { ApiError } from '../../shared/api/request.ts';
import { MoneyIntent } from '../../shared/api/money-intent.ts';
import { NIUNIU_KEY, niuniuApi, useNiuniuInfo } from './api.ts';
import { PlayingCard } from './PlayingCard.tsx';
import './locale.ts';
import './chess.css';

/**
 * /app/chess/niuniu: 抢庄牛牛 against the house. Pick a base and deal (20 × the base is held), see
 * four cards, bid for the bank, then both hands are shown and the round settles. A round left
 * waiting (another tab, a reload) is picked up where it stood.
 */
export function NiuniuPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const queries = useQueryClient();
  const info = useNiuniuInfo();
  const [base, setBase] = useState<number | null>(null);
  const [round, setRound] = useState<NiuniuRound | null>(null);
  const [busy, setBusy] = useState(false);
  const [rules, setRules] = useState(false);
  const dealIntent = useRef(new MoneyIntent());
  const bidIntent = useRef(new MoneyIntent());

  // A round still waiting for its bid comes back on opening.
  useEffect(() => {
    if (info.data?.round && !round) setRound(info.data.round);
  }, [info.data, round]);

  const bases = info.data?.bases ?? [];
  const chosen = base ?? bases[0] ?? 1;
  const balance = round?.balance ?? info.data?.balance ?? 0;

  const act = async (send: () => Promise<NiuniuRound>, intent: MoneyIntent) => {
    setBusy(true);
    try {
      setRound(await send());
      intent.done();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      Toast.show({ content: err.message });
      intent.done();
    } finally {
      setBusy(false);
      void queries.invalidateQueries({ queryKey: NIUNIU_KEY });
    }
  };
  const deal = () => act(() => niuniuApi.deal(chosen, dealIntent.current.keyFor({ deal: chosen })), dealIntent.current);
  const bid = (n: number) => act(() => niuniuApi.bid(round!.roundId, n, bidIntent.current.keyFor({ round: round!.roundId, n })), bidIntent.current);

  const settled = round?.status === 'settled' ? round : null;
  const bidding = round?.status === 'bidding' ? round : null;
  return (
    <div className="bp-page bp-niuniu">
      <PageHeader
        title={t('chess.niuniu')}
        fallback="/app/chess"
        right={
          <button className="bp-niuniu-rules-link" onClick={() => setRules(true)}>
            {t('chess.rules')}
          </button>
        }
      />
      <div className="bp-niuniu-table">
        {info.data ? <VenuePurse apiName="KY" venueName={info.data.venueName} balance={balance} infoKey={NIUNIU_KEY} /> : null}
        <Seat
          who={t('chess.bank')}
          cards={settled ? settled.house!.cards : round ? [null, null, null, null, null] : []}
          hand={settled?.house ?? null}
          bid={settled ? settled.houseBid : null}
          banker={settled?.banker === 'house'}
          roundKey={round?.roundId ?? ''}
          flipAll={!!settled}
        />
        <div className="bp-niuniu-centre" aria-live="polite">
          {settled ? (
            <strong className={`bp-niuniu-result ${settled.won ? 'is-won' : 'is-lost'}`}>
              {settled.won ? t('chess.won', { amount: money(settled.net!) }) : t('chess.lost', { amount: money(-settled.net!) })}
            </strong>
          ) : bidding ? (
            <span>{t('chess.bidHint')}</span>
          ) : (
            <span className="bp-muted">{t('chess.niuniuBlurb')}</span>
          )}
          {settled ? <span className="bp-niuniu-multiple">{t('chess.settleLine', { m: settled.bankerMultiple, amount: money(settled.amount!) })}</span> : null}
        </div>
        <Seat
          who={t('chess.me')}
          cards={settled ? settled.cards : bidding ? [...bidding.cards, null] : []}
          hand={settled?.member ?? null}
          bid={settled ? settled.memberBid : null}
          banker={settled?.banker === 'member'}
          roundKey={round?.roundId ?? ''}
          flipLast={!!settled}
        />
      </div>
      <div className="bp-niuniu-controls">
        {bidding ? (
          <>
            <p className="bp-muted">{t('chess.dealt', { held: money(bidding.held) })}</p>
            <div className="bp-niuniu-bids">
              {NIUNIU_BIDS.map((n) => (
                <Button key={n} color={n === 0 ? 'default' : 'primary'} fill={n === 0 ? 'outline' : 'solid'} disabled={busy} onClick={() => void bid(n)}>
                  {n === 0 ? t('chess.noBid') : t('chess.bidTimes', { n })}
                </Button>
              ))}
            </div>
          </>
        ) : (
          <>
            <div className="bp-niuniu-bases" role="radiogroup" aria-label={t('chess.base')}>
              <span>{t('chess.base')}</span>
              {bases.map((b) => (
                <button key={b} role="radio" aria-checked={b === chosen} className={b === chosen ? 'is-active' : ''} onClick={() => setBase(b)}>
                  {money(b)}
                </button>
              ))}
            </div>
            <Button block color="primary" size="large" loading={busy} disabled={!info.data || info.data.status !== 0} onClick={() => void deal()}>
              {settled ? t('chess.again') : t('chess.deal', { held: money(chosen * (info.data?.holdMultiple ?? 20)) })}
            </Button>
          </>
        )}
      </div>
      <Popup visible={rules} onMaskClick={() => setRules(false)} bodyClassName="bp-niuniu-rules" showCloseButton onClose={() => setRules(false)}>
        <h3>{t('chess.rules')}</h3>
        {['r1', 'r2', 'r3', 'r4', 'r5'].map((k) => (
          <p key={k}>{t(`chess.rulesText.${k}`)}</p>
        ))}
      </Popup>
    </div>
  );
}

interface SeatProps {
  who: string;
  cards: Array<string | null>;
  hand: NiuniuRound['member'];
  bid: number | null;
  banker: boolean;
  /** A new round deals its cards in afresh. */
  roundKey: string;
  flipAll?: boolean;
  flipLast?: boolean;
}

function Seat({ who, cards, hand, bid, banker, roundKey, flipAll, flipLast }: SeatProps) {
  const { t } = useTranslation();
  return (
    <div className="bp-niuniu-seat">
      <div className="bp-niuniu-who">
        <span>{who}</span>
        {banker ? <em className="bp-niuniu-banker">{t('chess.banker')}</em> : null}
        {bid !== null ? <em className="bp-niuniu-bid">{bid === 0 ? t('chess.noBidOf') : t('chess.bidOf', { n: bid })}</em> : null}
      </div>
      <div className="bp-niuniu-cards">
        {cards.length === 0 ? [0, 1, 2, 3, 4].map((i) => <span key={i} className="bp-pc-slot" aria-hidden />) : null}
        {cards.map((code, i) => (
          <PlayingCard
            key={`${roundKey}:${i}:${code ?? 'back'}`}
            code={code}
            delay={flipAll || (flipLast && i === 4) ? i * 60 : i * 120}
            flip={!!code && (flipAll || (flipLast && i === 4))}
            raised={!!hand && hand.niuOf.includes(i)}
          />
        ))}
      </div>
      {hand ? (
        <div className={`bp-niuniu-hand is-${hand.kind}`} data-hand={hand.kind}>
          {hand.name} ×{hand.multiplier}
        </div>
      ) : null}
    </div>
  );
}
