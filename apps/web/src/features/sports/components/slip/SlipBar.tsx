import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RightOutline } from 'antd-mobile-icons';
import { formatOdds, parlayOdds } from '../../model/odds.ts';
import { closeMatchLegs, modeOf, updatesFromOdds } from '../../model/slip.ts';
import { slip, slipStore, useSlip } from '../../hooks/slip-store.ts';
import { useMatchFrames } from '../../hooks/use-match-frames.ts';

// The sheet's code (a form with its rules: react-hook-form and zod, about 30 KB) is fetched once the
// slip holds a selection, not with every board and match page.
const loadSheet = () => import('./SlipSheet.tsx');
const SlipSheet = lazy(async () => ({ default: (await loadSheet()).SlipSheet }));

/**
 * The slip's bar above the tab bar while it holds selections; it keeps the slip's prices live
 * with the matches' channels and opens the slip.
 */
export function SlipBar() {
  const { t } = useTranslation();
  const current = useSlip();
  const [open, setOpen] = useState(false);
  // The sheet (a form, its rules, the balance) is made when first opened, not with every board.
  const [opened, setOpened] = useState(false);
  useMatchFrames(
    current.legs.map((l) => l.matchId),
    (frame) => {
      const legs = slipStore.get().legs;
      if (frame.type === 'odds.changed') slip.prices(updatesFromOdds(frame.data, legs));
      if (frame.type === 'match.status' && (frame.data.status === 'finished' || frame.data.status === 'cancelled')) {
        slip.prices(closeMatchLegs(legs, frame.data.matchId));
      }
    },
  );
  const count = current.legs.length;
  const holds = count > 0;
  useEffect(() => {
    if (holds) void loadSheet();
  }, [holds]);
  return (
    <>
      {count > 0 ? (
        <button className="bp-slipbar" onClick={() => (setOpen(true), setOpened(true))}>
          <span className="bp-slipbar-count">{count}</span>
          <span className="bp-slipbar-title">{t('sports.slip.open')}</span>
          <span className="bp-slipbar-mode">
            {modeOf(current) === 'parlay'
              ? `${t('sports.slip.parlayName', { n: count })} @${formatOdds(parlayOdds(current.legs.map((l) => l.odds)))}`
              : t('sports.slip.single')}
          </span>
          <RightOutline />
        </button>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <SlipSheet visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
