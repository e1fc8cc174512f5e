import { Button, CenterPopup, Input } from 'antd-mobile';
import { CloseOutline, RedoOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaExGetData, NeedSafeData } from '@bp/contract';
import type { z } from 'zod';
import type { ApiError } from '../../../shared/api/request.ts';
import { useAction } from '../../../shared/api/use-action.ts';
import { authApi } from '../api.ts';
import { SliderChallenge } from './SliderChallenge.tsx';
import './verify.css';

type Challenge = z.infer<typeof CaptchaExGetData>;

/**
 * A challenge of the scene and how to answer it: loaded at once and again on demand; an answer
 * checked gives the ticket, or says why not and loads a fresh challenge.
 */
export function useChallenge(need: NeedSafeData) {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [error, setError] = useState('');
  const said = { refused: (err: ApiError) => setError(err.message) };
  const loading = useAction((_: void) => authApi.captchaGet(need.scene, need.verifyType), { ...said, done: setChallenge });
  const checking = useAction(
    (a: { captchaId: string; answer: number | string; durationMs?: number }) => authApi.captchaCheck(a.captchaId, a.answer, a.durationMs),
    said,
  );
  const load = loading.run;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per dialog, which its scene and kind of challenge key
  useEffect(() => void load(), []);

  /** Checks an answer: the ticket, or null after showing why and loading a fresh challenge. */
  const check = async (answer: number | string, durationMs?: number): Promise<string | null> => {
    if (!challenge) return null;
    const passed = await checking.run({ captchaId: challenge.captchaId, answer, durationMs });
    if (!passed) await load();
    return passed?.ticket ?? null;
  };
  return { challenge, error, setError, busy: loading.busy || checking.busy, load, check };
}

/**
 * The security verification dialog (seed 4): a slider puzzle or an image code, as the server's
 * need-safe answer asks. Solving it gives a ticket; closing it gives nothing (the call is cancelled).
 */
export function VerifyDialog({ need, finish }: { need: NeedSafeData; finish(ticket: string | null): void }) {
  const { t } = useTranslation();
  const { challenge, error, setError, busy, load, check } = useChallenge(need);
  const [code, setCode] = useState('');
  const submit = async (answer: number | string, durationMs?: number) => {
    setError('');
    const ticket = await check(answer, durationMs);
    if (ticket) finish(ticket);
    else setCode('');
  };

  return (
    <CenterPopup visible onMaskClick={() => finish(null)} className="bp-verify" destroyOnClose>
      <div className="bp-verify-head">
        <strong>{t('verify.title')}</strong>
        <span className="bp-verify-actions">
          <RedoOutline aria-label={t('verify.refresh')} onClick={() => void load()} />
          <CloseOutline aria-label={t('common.close')} onClick={() => finish(null)} />
        </span>
      </div>
      <p className="bp-muted bp-verify-sub">{need.verifyType === 'slider' ? t('verify.sliderTip') : t('verify.imageTip')}</p>
      {challenge && challenge.verifyType === 'slider' && challenge.piece && (
        <SliderChallenge
          key={challenge.captchaId}
          background={challenge.background}
          piece={challenge.piece}
          width={challenge.width}
          pieceY={challenge.pieceY ?? 0}
          disabled={busy}
          onDrop={(x, ms) => void submit(x, ms)}
        />
      )}
      {challenge && challenge.verifyType === 'image' && (
        <div className="bp-verify-image">
          <img src={challenge.background} alt={t('verify.imageAlt')} onClick={() => void load()} />
          <Input value={code} onChange={setCode} placeholder={t('verify.imagePlaceholder')} maxLength={8} clearable />
          <Button block color="primary" disabled={!code || busy} onClick={() => void submit(code.trim())}>
            {t('common.confirm')}
          </Button>
        </div>
      )}
      <div className="bp-field-error" role="alert">
        {error}
      </div>
    </CenterPopup>
  );
}
