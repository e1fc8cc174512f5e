import type { ReactNode } from 'react';
import { SportIcon } from './SportIcon.tsx';

/** Nothing to show: a quiet mark and a line (and an action when there is one). */
export function SportsEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="bp-sp-empty">
      <SportIcon sport="football" className="bp-sp-empty-mark" />
      <p>{text}</p>
      {action}
    </div>
  );
}

/** Cards' outlines while a board loads. */
export function BoardSkeleton() {
  return (
    <div aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="bp-sp-card bp-sp-card--ghost">
          <i />
          <i />
          <i />
        </div>
      ))}
    </div>
  );
}
