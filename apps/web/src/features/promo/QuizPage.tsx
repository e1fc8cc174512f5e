import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { promoApi, useQuizConfig } from './api.ts';
import { Records, Rules, useMoneyCall } from './parts.tsx';
import './promo.css';

const LETTERS = ['A', 'B', 'C', 'D'];

/** 每日答题: today's questions, each answered once (the right option shown after), the prize tiers, the records. */
export function QuizPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useQuizConfig();
  const answer = useMoneyCall(
    (a: { day: string; slot: number; option: number }, key: string) => promoApi.answer(a, key),
    (r) =>
      Toast.show({ icon: r.correct ? 'success' : 'fail', content: r.correct ? t('promo.quiz.right') : t('promo.quiz.wrong', { answer: LETTERS[r.answer] }) }),
  );
  const answered = data?.questions.filter((q) => q.chosen !== null).length ?? 0;

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.quiz')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero" data-testid="quiz-hero">
              <span className="bp-muted">{t('promo.quiz.today', { day: data.day })}</span>
              <b className="bp-promo-streak">{t('promo.quiz.progress', { n: answered, total: data.questions.length, right: data.right })}</b>
              {data.result ? (
                <span className="bp-gold-text" data-testid="quiz-result">
                  {data.result.prize.kind === 'money'
                    ? t('promo.quiz.done', { prize: `${data.result.prize.name} ${money(data.result.prize.amount)}` })
                    : t('promo.quiz.nothing')}
                </span>
              ) : null}
              <div className="bp-promo-quiz-tiers">
                {data.tiers.map((tier) => (
                  <span key={tier.right} className={data.result && data.right >= tier.right ? 'is-reached' : ''}>
                    {t('promo.quiz.tier', { n: tier.right })}
                    <b>{money(tier.prize.amount)}</b>
                  </span>
                ))}
              </div>
            </section>
            {data.questions.length === 0 ? <p className="bp-muted">{t('promo.quiz.none')}</p> : null}
            {data.questions.map((q) => (
              <section key={q.slot} className="bp-card bp-promo-quiz" data-testid="quiz-question">
                <h3>{`${q.slot}. ${q.question}`}</h3>
                <div className="bp-promo-quiz-options">
                  {q.options.map((text, i) => {
                    const state = q.answer === null ? '' : i === q.answer ? 'is-right' : i === q.chosen ? 'is-wrong' : '';
                    return (
                      <Button
                        key={text}
                        block
                        className={`bp-promo-quiz-option ${state}`}
                        disabled={q.chosen !== null}
                        loading={answer.busy}
                        onClick={() => void answer.run({ day: data.day, slot: q.slot, option: i })}
                      >
                        {`${LETTERS[i]}. ${text}`}
                      </Button>
                    );
                  })}
                </div>
                {q.explanation ? <p className="bp-muted bp-promo-quiz-why">{q.explanation}</p> : null}
              </section>
            ))}
            {data.result ? <p className="bp-muted bp-promo-empty">{t('promo.quiz.tomorrow')}</p> : null}
            <Records kind="quiz" />
            <Rules rules={data.rules} />
          </>
        ) : null}
      </div>
    </div>
  );
}
