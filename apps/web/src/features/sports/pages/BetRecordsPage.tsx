import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, InfiniteScroll } from 'antd-mobile';
import { onMemberFrame } from '../../../shared/realtime/member-socket.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { PullRefresh } from '../../../shared/ui/PullRefresh.tsx';
import { BALANCE_KEY } from '../../../shared/wallet/balance.ts';
import { sportsKeys, useRecords } from '../api.ts';
import { RECORD_TABS, type RecordTab } from '../model/bet-status.ts';
import { useCashOut } from '../hooks/use-cash-out.ts';
import { RecordCard } from '../components/RecordCard.tsx';
import { BoardSkeleton, SportsEmpty } from '../components/SportsEmpty.tsx';
import '../locale.ts';
import '../sports.css';

/**
 * The member's bets (/app/sports/records): open ones with their cash-out offers, settled ones
 * with what they paid. Settlements and in-play confirmations arrive on the member's channel.
 */
export function BetRecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: RecordTab = params.get('tab') === 'settled' ? 'settled' : 'unsettled';
  const records = useRecords(tab);
  const { cashOut, busy } = useCashOut();

  useEffect(() => {
    const reread = () => {
      void queryClient.invalidateQueries({ queryKey: sportsKeys.allRecords });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    };
    const stops = [onMemberFrame('bet.settled', reread), onMemberFrame('bet.confirmed', reread)];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);

  const list = records.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="bp-page bp-sp bp-rec-page">
      <PageHeader title={t('sports.rec.title')} fallback="/app/sports" />
      <div className="bp-rec-tabs" role="tablist">
        {RECORD_TABS.map((r) => (
          <button
            key={r}
            role="tab"
            aria-selected={r === tab}
            className={r === tab ? 'is-active' : ''}
            onClick={() => setParams(r === 'settled' ? { tab: r } : {}, { replace: true })}
          >
            {t(`sports.rec.tabs.${r}`)}
          </button>
        ))}
      </div>
      <PullRefresh refresh={() => records.refetch()}>
        <section className="bp-rec-list">
          {records.isPending ? (
            <BoardSkeleton />
          ) : list.length === 0 ? (
            <SportsEmpty
              text={t('sports.rec.empty')}
              action={
                <Button color="primary" fill="outline" onClick={() => navigate('/app/sports')}>
                  {t('sports.rec.goBet')}
                </Button>
              }
            />
          ) : (
            <>
              {list.map((bet) => (
                <RecordCard key={bet.orderId} bet={bet} cashingOut={busy === bet.orderId} onCashOut={(b) => void cashOut(b)} />
              ))}
              <InfiniteScroll loadMore={() => records.fetchNextPage().then(() => undefined)} hasMore={records.hasNextPage}>
                {records.hasNextPage ? null : <span className="bp-muted">{t('sports.rec.noMore')}</span>}
              </InfiniteScroll>
            </>
          )}
        </section>
      </PullRefresh>
    </div>
  );
}
