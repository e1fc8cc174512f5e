import { Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/ui/copy.ts';

/** A label and its value; with `copy`, a button that copies the value as it should be pasted. */
export function InfoRow({ label, value, copy, strong }: { label: string; value: ReactNode; copy?: string; strong?: boolean }) {
  const { t } = useTranslation();
  const doCopy = async () => {
    if (copy && (await copyText(copy))) Toast.show({ content: t('wallet.copied') });
  };
  return (
    <div className="bp-info-row">
      <span className="bp-muted">{label}</span>
      <span className={`bp-info-value${strong ? ' is-strong' : ''}`}>{value}</span>
      {copy ? (
        <button type="button" className="bp-copy" onClick={() => void doCopy()}>
          {t('common.copy')}
        </button>
      ) : null}
    </div>
  );
}
