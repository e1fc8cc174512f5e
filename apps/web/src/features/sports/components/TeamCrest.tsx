import { useState } from 'react';

/** A team's or league's crest; a feed without a picture (or a broken one) gets the name's first letter on a shield. */
export function TeamCrest({ src, name, className }: { src: string; name: string; className?: string }) {
  const [broken, setBroken] = useState(!src);
  if (broken) {
    return (
      <span className={`bp-crest-fallback ${className ?? ''}`} aria-hidden="true">
        {[...name][0] ?? ''}
      </span>
    );
  }
  return <img className={className} src={src} alt="" loading="lazy" onError={() => setBroken(true)} />;
}
