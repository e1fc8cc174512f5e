import { useState } from 'react';

/**
 * A team's or league's crest; a feed without a picture (or a broken one) gets the name's first letter on a shield.
 * Lazy on the boards; `eager` where it is the first screen's main picture (a match's scoreboard).
 */
export function TeamCrest({ src, name, className, eager = false }: { src: string; name: string; className?: string; eager?: boolean }) {
  const [broken, setBroken] = useState(!src);
  if (broken) {
    return (
      <span className={`bp-crest-fallback ${className ?? ''}`} aria-hidden="true">
        {[...name][0] ?? ''}
      </span>
    );
  }
  return <img className={className} src={src} alt="" loading={eager ? 'eager' : 'lazy'} onError={() => setBroken(true)} />;
}
