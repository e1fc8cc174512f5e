import { Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useBanners } from './api.ts';
import { openLink, showsLink } from './links.ts';

/** The home banners, turning every 4 s: only those leading to a built page (or nowhere), so none promises what is not there. */
export function BannerCarousel() {
  const navigate = useNavigate();
  const { data, isLoading } = useBanners('home');
  const banners = (data ?? []).filter((b) => b.image && showsLink(b.link));
  if (isLoading) return <div className="bp-banner bp-banner--loading" />;
  if (banners.length === 0) return null;
  return (
    <Swiper className="bp-banner" autoplay autoplayInterval={4000} loop={banners.length > 1} indicatorProps={{ className: 'bp-banner-dots' }}>
      {banners.map((b) => (
        <Swiper.Item key={b.id}>
          <img className="bp-banner-img" src={b.image} alt={b.title} onClick={() => openLink(b.link, navigate)} draggable={false} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
