import { Link } from 'react-router';
import { HOME_BANNER } from '@shop/contract';
import { Img } from '@/components/img';
import { paths } from '@/config/paths';

/**
 * The promo banner at the top of the home page: compact, so 'Our Products' (its search and the first
 * cards) starts on the first screen, of a phone too. From lg the text and the picture sit side by
 * side. The picture is the first screen's largest (the server preloads it: HOME_BANNER).
 */
export function PromoBanner() {
  return (
    <section
      aria-labelledby="promo-title"
      className="grid items-center gap-4 pt-2 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-10 lg:pt-4"
    >
      <div className="flex flex-col gap-2 text-center sm:gap-3 lg:text-left">
        <h1
          id="promo-title"
          className="text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl xl:text-5xl"
        >
          Good tech deserves a second life
        </h1>
        <p className="mx-auto max-w-2xl text-sm text-base-content/80 sm:text-lg lg:mx-0">
          Used laptops, phones, iPads, cameras, headphones and watches from sellers near you. Pay by card; the money is held until
          you meet.
        </p>
        <div className="mt-1 flex flex-wrap justify-center gap-3 lg:justify-start">
          <a href={`#${paths.catalogue.hash}`} className="btn btn-primary">
            Shop now
          </a>
          <Link to={paths.signup.getHref()} className="btn btn-outline">
            Sell your gear
          </Link>
        </div>
      </div>
      <Img
        src={HOME_BANNER.src}
        photo={{ url: HOME_BANNER.src, srcset: HOME_BANNER.srcset, width: HOME_BANNER.width, height: HOME_BANNER.height }}
        sizes={HOME_BANNER.sizes}
        alt="A laptop, phone, camera, headphones and a watch"
        width={HOME_BANNER.width}
        height={HOME_BANNER.height}
        priority
        className="h-auto w-full rounded-box"
      />
    </section>
  );
}
