import { Toast } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HUMAN_CHECK_SCENE } from '@bp/contract';
import { useAction } from '../../shared/api/use-action.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { safeReturnPath } from '../../shared/session/member-info.ts';
import { StatusArt } from '../../shared/ui/StatusArt.tsx';
import { authApi } from './api.ts';
import { FieldError } from '../../shared/ui/Field.tsx';
import { SliderChallenge } from './verify/SliderChallenge.tsx';
import { useChallenge } from './verify/VerifyDialog.tsx';
import './verify/verify.css';

const NEED = { verifyType: 'slider', scene: HUMAN_CHECK_SCENE } as const;

/**
 * The robot check (seed 8: the robot-check code jumps here). The solved puzzle's ticket goes to
 * /api/gw/ic/verify, whose rqiab answer header the common path keeps; then back where the member was.
 */
export function HumanCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const { challenge, error, setError, busy, check } = useChallenge(NEED);

  const pass = useAction(authApi.humanCheck, {
    refused: (err) => setError(err.message),
    done: () => {
      Toast.show({ icon: 'success', content: t('verify.passed') });
      navigate(safeReturnPath(from), { replace: true });
    },
  });
  const drop = async (x: number, ms: number) => {
    const ticket = await check(x, ms);
    if (ticket) await pass.run(ticket);
  };

  return (
    <div className="bp-page">
      <PageHeader title={t('verify.humanTitle')} />
      <div className="bp-page-body bp-human">
        <StatusArt kind="shield" />
        <p className="bp-muted">{t('verify.humanBody')}</p>
        {challenge?.piece && (
          <div className="bp-card">
            <SliderChallenge
              key={challenge.captchaId}
              background={challenge.background}
              piece={challenge.piece}
              width={challenge.width}
              pieceY={challenge.pieceY ?? 0}
              disabled={busy || pass.busy}
              onDrop={(x, ms) => void drop(x, ms)}
            />
          </div>
        )}
        <FieldError text={error} />
      </div>
    </div>
  );
}
