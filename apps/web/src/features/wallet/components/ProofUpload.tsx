import { Toast } from 'antd-mobile';
import { CheckCircleFill, PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROOF_TYPES } from '@bp/contract';
import { useAction } from '../../../shared/api/use-action.ts';
import { walletApi, type Deposit } from '../api.ts';
import { proofProblem } from '../model/proof.ts';

/** The transfer receipt: checked here by type and size first (the server checks again), previewed, uploaded. */
export function ProofUpload({ order, onUploaded }: { order: Deposit; onUploaded(order: Deposit): void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { run, busy } = useAction((file: File) => walletApi.uploadProof(order.orderId, file), { refused: (err) => setProblem(err.message) });
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const picked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const broken = proofProblem(file);
    setProblem(broken);
    if (broken) return;
    const updated = await run(file);
    if (!updated) return;
    setPreview(URL.createObjectURL(file));
    Toast.show({ icon: 'success', content: t('wallet.order.proofUploaded') });
    onUploaded(updated);
  };

  return (
    <div className="bp-proof">
      <button type="button" className={`bp-proof-pick${busy ? ' is-busy' : ''}`} onClick={() => input.current?.click()} disabled={busy}>
        {preview ? <img src={preview} alt="" /> : order.hasProof ? <CheckCircleFill className="bp-proof-done" /> : <PictureOutline />}
      </button>
      <div className="bp-proof-text">
        <strong>{order.hasProof ? t('wallet.order.proofUploaded') : t('wallet.order.proofPick')}</strong>
        <span className="bp-muted">{order.hasProof ? t('wallet.order.proofReplace') : t('wallet.order.proofHint')}</span>
        {problem ? (
          <span className="bp-proof-problem" role="alert">
            {problem}
          </span>
        ) : null}
      </div>
      <input ref={input} type="file" accept={PROOF_TYPES.join(',')} hidden onChange={(e) => void picked(e)} aria-label={t('wallet.order.proofPick')} />
    </div>
  );
}
