import { Button, CheckList, Input, Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { compactCardNum } from '@bp/contract';
import { refreshMemberInfo } from '../../../shared/session/member-info.ts';
import { FieldError } from '../../../shared/ui/Field.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useBanks, walletApi } from '../api.ts';
import { RealNameForm } from '../components/BindGuide.tsx';
import { useSaveDestination } from '../hooks/use-save-destination.ts';
import { cardNumberProblem, typedCardNumber } from '../model/card-input.ts';
import '../wallet.css';

/** Binds a bank card in the member's real name: bank, number (groups of 4, Luhn checked as typed), branch. */
export function AddCardPage() {
  const { t } = useTranslation();
  const { data: info, refetch } = useQuery({ queryKey: ['member', 'info'], queryFn: refreshMemberInfo });
  const { data: banks } = useBanks();
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [cardNum, setCardNum] = useState('');
  const [left, setLeft] = useState(false);
  const [branch, setBranch] = useState('');
  const { save, busy, refusal, clearRefusal } = useSaveDestination();

  const problem = cardNumberProblem(cardNum, left);
  const complete = compactCardNum(cardNum).length >= 12 && cardNumberProblem(cardNum, true) === null;
  const bank = banks?.find((b) => b.bankCode === bankCode);

  const submit = async () => {
    if (!bankCode || !complete) return;
    await save(() => walletApi.addCard({ bankCode, cardNum: compactCardNum(cardNum), ...(branch.trim() ? { branch: branch.trim() } : {}) }));
  };

  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.addCard')} fallback="/app/wallet/cards" />
      <div className="bp-page-body">
        {info && !info.realName ? (
          <div className="bp-card">
            <RealNameForm onDone={() => void refetch()} />
          </div>
        ) : null}
        {info?.realName ? (
          <div className="bp-card bp-form">
            <div className="bp-form-row">
              <span className="bp-muted">{t('wallet.cards.holder')}</span>
              <strong>{info.realName}</strong>
            </div>
            <button type="button" className="bp-form-row bp-form-pick" onClick={() => setPicking(true)}>
              <span className="bp-muted">{t('wallet.cards.bank')}</span>
              <span className={bank ? '' : 'bp-muted'}>{bank?.bankName ?? t('wallet.cards.pickBank')}</span>
              <RightOutline />
            </button>
            <Input
              className="bp-boxed-input bp-mono"
              value={cardNum}
              onChange={(v) => {
                setCardNum(typedCardNumber(v));
                clearRefusal();
              }}
              onBlur={() => setLeft(true)}
              placeholder={t('wallet.cards.cardNum')}
              inputMode="numeric"
              aria-label={t('wallet.cards.cardNum')}
              clearable
            />
            <FieldError text={problem || refusal} ok={complete ? t('wallet.cards.cardOk') : null} />
            <Input className="bp-boxed-input" value={branch} onChange={setBranch} placeholder={t('wallet.cards.branch')} maxLength={64} clearable />
            <Button block color="primary" shape="rounded" size="large" disabled={!bankCode || !complete} loading={busy} onClick={() => void submit()}>
              {t('common.submit')}
            </Button>
            <p className="bp-muted bp-small">{t('wallet.cards.safety')}</p>
          </div>
        ) : null}
      </div>
      <Popup visible={picking} onMaskClick={() => setPicking(false)} bodyClassName="bp-sheet">
        <div className="bp-sheet-title">{t('wallet.cards.pickBank')}</div>
        <CheckList
          className="bp-bank-list"
          value={bankCode ? [bankCode] : []}
          onChange={(v) => {
            setBankCode(String(v[0] ?? bankCode));
            setPicking(false);
          }}
        >
          {(banks ?? []).map((b) => (
            <CheckList.Item key={b.bankCode} value={b.bankCode}>
              {b.bankName}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </div>
  );
}
