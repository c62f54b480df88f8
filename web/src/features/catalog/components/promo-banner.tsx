import { Link } from 'react-router';
import { HOME_BANNER } from '@shop/contract';
import { Img } from '@/components/img';
import { paths } from '@/config/paths';

/** The promo banner at the top of the home page. */
export function PromoBanner() {
  return (
    <section aria-labelledby="promo-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 px-2 pt-2 text-center sm:px-10 md:pt-6">
        <h1 id="promo-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
          Good tech deserves a second life
        </h1>
        <p className="mx-auto max-w-2xl text-base-content/80 sm:text-lg">
          Used laptops, phones, iPads, cameras, headphones and watches from sellers near you. Meet, check it works, then pay by
          card.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href="#our-products" className="btn btn-primary">
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
