import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../site/site-info.ts';
import './code-fields.css';

/** The dialling code of a phone number, from the site's country list (China when it has none). */
export function AreaCodeSelect({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { data } = useCountries();
  const list = data?.length ? data : [{ code: 'CN', name: '中国', dialCode: '86' }];
  return (
    <select className="bp-area-select" value={value} onChange={(e) => onChange(e.target.value)} aria-label="area code">
      {list.map((c) => (
        <option key={c.code} value={c.dialCode.replace(/^\+/, '')}>
          +{c.dialCode.replace(/^\+/, '')} {c.name}
        </option>
      ))}
    </select>
  );
}

/** Where the code went, and in the sandbox the code itself (nothing is really sent there). */
export function SentCode({ to, sandboxCode }: { to: string; sandboxCode?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="bp-code-sent">{t('code.sentTo', { to })}</p>
      {sandboxCode ? <p className="bp-sandbox-code">{t('code.sandboxCode', { code: sandboxCode })}</p> : null}
    </>
  );
}

/** Send again, once the server allows it. */
export function Resend({ at, onResend }: { at: number; onResend(): void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.ceil((at - now) / 1000);
  return (
    <button type="button" className="bp-resend" disabled={left > 0} onClick={onResend}>
      {left > 0 ? t('code.resendIn', { s: left }) : t('code.resend')}
    </button>
  );
}
