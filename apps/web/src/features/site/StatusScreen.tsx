import type { ReactNode } from 'react';
import { Crest } from '../../shared/ui/Crest.tsx';
export { StatusArt } from '../../shared/ui/StatusArt.tsx';
import './status.css';

/** The shared look of the pages that turn a visitor away: maintenance, access alert, restriction. */
export function StatusScreen({ art, title, children, actions }: { art: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className="bp-page bp-status">
      <div className="bp-status-brand">
        <Crest size={28} />
      </div>
      <div className="bp-status-art">{art}</div>
      <h1 className="bp-status-title">{title}</h1>
      <div className="bp-status-body">{children}</div>
      <div className="bp-status-actions">{actions}</div>
    </div>
  );
}

export function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="bp-status-row">
      <span className="bp-muted">{label}</span>
      <span>{value}</span>
    </div>
  );
}
