import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBanners } from './api.ts';
import { openLink, showsLink } from './links.ts';
import { scrollMotion } from '../../shared/ui/motion.ts';

const TURN_MS = 4000;

/**
 * The home banners, turning every 4 s: only those leading to a built page (or nowhere), so none
 * promises what is not there. A native scroll-snap strip (the finger swipes it as any list; no swiper
 * library on home's first load); the first picture is fetched first, the others when near.
 */
export function BannerCarousel() {
  const navigate = useNavigate();
  const { data, isLoading } = useBanners('home');
  const banners = (data ?? []).filter((b) => b.image && showsLink(b.link));
  const track = useRef<HTMLDivElement>(null);
  const held = useRef(false);
  const [current, setCurrent] = useState(0);
  const count = banners.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || held.current || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      // Back to the first banner at once: a slide through all of them would run backwards.
      el.scrollTo({ left: next * el.clientWidth, behavior: next > 0 ? scrollMotion() : 'instant' });
    }, TURN_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (isLoading) return <div className="bp-banner bp-banner--loading" />;
  if (count === 0) return null;
  const hold = (on: boolean) => () => (held.current = on);
  return (
    <div className="bp-banner">
      <div
        ref={track}
        className="bp-banner-track"
        onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
        onTouchStart={hold(true)}
        onTouchEnd={hold(false)}
        onPointerEnter={hold(true)}
        onPointerLeave={hold(false)}
      >
        {banners.map((b, i) => (
          <img
            key={b.id}
            className="bp-banner-img"
            src={b.image}
            alt={b.title}
            onClick={() => openLink(b.link, navigate)}
            draggable={false}
            fetchPriority={i === 0 ? 'high' : 'low'}
            loading={i === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </div>
      {count > 1 ? (
        <div className="bp-banner-dots" aria-hidden="true">
          {banners.map((b, i) => (
            <i key={b.id} className={i === current ? 'is-current' : undefined} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
