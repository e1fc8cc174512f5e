import { useNavigate } from 'react-router-dom';
import { useFloatIcons } from './api.ts';
import { openLink, showsLink } from './links.ts';

/** Floating icons at the page's edges (seed 7), inside the centred column. */
export function FloatIcons() {
  const navigate = useNavigate();
  const { data } = useFloatIcons();
  const icons = (data ?? []).filter((i) => i.icon && showsLink(i.link));
  return (
    <>
      {(['left', 'right'] as const).map((side) => {
        const mine = icons.filter((i) => i.position === side);
        if (mine.length === 0) return null;
        return (
          <aside key={side} className={`bp-float bp-float--${side}`}>
            {mine.map((i) => (
              <button key={i.id} className="bp-float-item" onClick={() => openLink(i.link, navigate)} aria-label={i.name}>
                <img src={i.icon} alt="" />
                <span>{i.name}</span>
              </button>
            ))}
          </aside>
        );
      })}
    </>
  );
}
