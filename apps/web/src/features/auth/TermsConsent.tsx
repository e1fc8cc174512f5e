import { Button, Checkbox, Popup, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTermArticle, useTerms } from './api.ts';

/**
 * The registration's consent, unticked until the member ticks it: 18 or older, and the site's
 * terms, each a link that opens the article (the help centre's 服务条款) in a sheet whose button
 * agrees for the member.
 */
export function TermsConsent({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation();
  const terms = useTerms().data ?? [];
  const [reading, setReading] = useState<number | null>(null);
  return (
    <div className="bp-auth-agree">
      <Checkbox checked={checked} onChange={onChange}>
        {t(terms.length ? 'auth.adultAgreement' : 'auth.adultAgreementPlain')}
      </Checkbox>
      {terms.map((a) => (
        <button key={a.id} type="button" className="bp-auth-terms-link" onClick={() => setReading(a.id)}>
          《{a.title}》
        </button>
      ))}
      {reading === null ? null : (
        <TermsSheet
          id={reading}
          onClose={() => setReading(null)}
          onAgree={() => {
            onChange(true);
            setReading(null);
          }}
        />
      )}
    </div>
  );
}

function TermsSheet({ id, onClose, onAgree }: { id: number; onClose(): void; onAgree(): void }) {
  const { t } = useTranslation();
  const { data } = useTermArticle(id);
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="bp-terms-sheet" showCloseButton destroyOnClose>
      <h2>{data?.title ?? ''}</h2>
      <div className="bp-terms-text">{data ? data.content : <Skeleton.Paragraph lineCount={8} animated />}</div>
      <Button block color="primary" shape="rounded" onClick={onAgree}>
        {t('auth.agreeTerms')}
      </Button>
    </Popup>
  );
}
