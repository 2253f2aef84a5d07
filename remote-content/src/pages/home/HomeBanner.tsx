import { Carousel, Skeleton } from 'antd';
import { BLOCK_IDS, getBlockItems } from '@site/shared';
import { SmartLink } from '../../components/SmartLink';
import { useAsync } from '../../components/useAsync';

/** The home carousel from the banner block. Only the first slide is loaded eagerly; the rest wait (lazy). */
export function HomeBanner() {
  const { loading, data } = useAsync(() => getBlockItems(BLOCK_IDS.homeBanner), []);
  const slides = (data ?? []).filter((s) => s.image);
  if (loading) return <Skeleton.Node active style={{ width: '100%', height: 240 }} />;
  if (slides.length === 0) return null;
  return (
    <section className="rc-banner" aria-label="首页横幅" aria-roledescription="carousel">
      <Carousel autoplay={slides.length > 1} autoplaySpeed={5000} dots={slides.length > 1}>
        {slides.map((s, i) => (
          <div key={s.id}>
            <SmartLink className="rc-banner-slide" url={s.url || s.linkUrl} targetBlank={s.targetBlank} label={s.title}>
              <img
                src={s.image!}
                alt={s.title}
                width={1920}
                height={600}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
              />
            </SmartLink>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
