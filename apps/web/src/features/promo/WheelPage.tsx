import { useState } from 'react';
import { Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useWheelConfig } from './api.ts';
import { Records, Rules, useDraw } from './parts.tsx';
import { SPIN_MS, landingAngle } from './wheel.ts';
import './promo.css';

/** Spin wheel: the prizes on a CSS wheel turned to the server's outcome, today's draws, the records. */
export function WheelPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useWheelConfig();
  const [angle, setAngle] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const prizes = data?.prizes ?? [];
  const spin = useDraw('wheel', (answer) => {
    const index = Math.max(
      0,
      prizes.findIndex((p) => p.prize.name === answer.prize.name),
    );
    setSpinning(true);
    setAngle((from) => landingAngle(from, index, prizes.length));
    window.setTimeout(() => {
      setSpinning(false);
      const won = answer.prize.kind === 'none' ? t('promo.wheel.none') : t('promo.wheel.won', { prize: money(answer.prize.amount) });
      Toast.show({ icon: answer.prize.kind === 'none' ? undefined : 'success', content: won });
    }, SPIN_MS);
  });
  const segment = 360 / Math.max(1, prizes.length);
  const stops = prizes.map((_, i) => `var(${i % 2 === 0 ? '--bp-promo-seg-a' : '--bp-promo-seg-b'}) ${i * segment}deg ${(i + 1) * segment}deg`).join(', ');

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.wheel')} fallback="/app/home" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero bp-promo-wheel-box">
              <div className="bp-promo-wheel-frame">
                <i className="bp-promo-pointer" aria-hidden="true" />
                <div
                  className="bp-promo-wheel"
                  data-testid="wheel"
                  style={{ background: `conic-gradient(${stops})`, transform: `rotate(${angle}deg)`, transitionDuration: `${SPIN_MS}ms` }}
                >
                  {prizes.map((p, i) => (
                    <span key={p.prizeNo} className="bp-promo-wheel-label" style={{ transform: `rotate(${(i + 0.5) * segment}deg)` }}>
                      {p.prize.kind === 'none' ? p.prize.name : money(p.prize.amount)}
                    </span>
                  ))}
                </div>
                <button
                  className="bp-promo-spin"
                  disabled={spinning || spin.busy || data.draws.left === 0}
                  onClick={() => void spin.run(undefined)}
                  data-testid="wheel-spin"
                >
                  {t('promo.wheel.spin')}
                </button>
              </div>
              <b className="bp-promo-left">{t('promo.wheel.left', { n: data.draws.left })}</b>
            </section>
            <Rules rules={data.rules} />
            <Records kind="wheel" />
          </>
        ) : null}
      </div>
    </div>
  );
}
