import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { usePasswordStatus, usePrepare, usePrompt } from '../api.ts';
import { BindGuide } from '../components/BindGuide.tsx';
import { HeaderLink } from '../components/HeaderLink.tsx';
import { WithdrawForm } from '../components/WithdrawForm.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useWalletFrames } from '../hooks/use-wallet-frames.ts';
import '../wallet.css';

/**
 * Withdraw: the server's notices first (limits, fees, the turnover still required: said here
 * alone), then the bind flow when the server names one, else the form (amount, fee, password).
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const { usdtSite } = useCurrency();
  const { data: prepare } = usePrepare();
  const { data: status } = usePasswordStatus();
  const { data: prompt } = usePrompt();
  useWalletFrames();
  return (
    <div className="bp-page bp-wallet">
      <PageHeader
        title={t('walletPages.withdraw')}
        fallback="/app/wallet"
        right={<HeaderLink to="/app/wallet/orders?tab=withdraw" label={t('wallet.withdraw.orders')} />}
      />
      <div className="bp-page-body">
        {prompt?.tips.length ? (
          <ul className="bp-tips" aria-label={t('wallet.withdraw.tips')}>
            {prompt.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        ) : null}
        {!prepare || !status ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {prepare?.flow ? <BindGuide flow={prepare.flow} usdtSite={usdtSite} /> : null}
        {prepare && status && !prepare.flow ? <WithdrawForm prepare={prepare} pinRequired={status.required} /> : null}
      </div>
    </div>
  );
}
