import { Crest } from '../shared/ui/Crest.tsx';

/** What shows while the first page's code arrives: the crest on the theme's background. */
export function Splash() {
  return (
    <div className="bp-splash" aria-busy="true">
      <Crest size={72} />
    </div>
  );
}
