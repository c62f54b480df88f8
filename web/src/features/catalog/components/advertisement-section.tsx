import { Link } from 'react-router';
import { Img } from '@/components/img';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useAdvertisements } from '../api/get-advertisements';
import { CardLink } from './card-link';

/**
 * Advertisement (docs/product.md#home-page): 1 column small, 4 from md; hidden when empty, silent
 * when it fails. While the first answer is on its way the section keeps its place with card-shaped
 * placeholders, so the ads arriving push the Featured Collection below them nothing down.
 */
export function AdvertisementSection() {
  const { advertisements, isPending } = useAdvertisements();
  if (isPending) return <AdvertisementPlaceholder />;
  if (advertisements.length === 0) return null;
  return (
    <section aria-labelledby="ads-title" className="flex flex-col gap-5">
      <div>
        <h2 id="ads-title" className="text-2xl font-bold sm:text-3xl">
          Advertisement
        </h2>
        <p className="text-base-content/70">Hand-picked deals our sellers are promoting right now.</p>
      </div>
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-4">
        {advertisements.map((ad) => (
          <li key={ad._id}>
            <article className="card relative h-full flex-row overflow-hidden border border-base-300 bg-base-100 shadow-sm md:flex-col">
              <figure className="w-2/5 shrink-0 rounded-none bg-base-200 md:w-full">
                {/* The cover's sizes, as the product's card offers them: on the home page the card above
                    has already fetched the same 400 px file, so the ad costs no second download. */}
                <Img
                  src={ad.photo?.url ?? ad.img}
                  photo={ad.photo ?? undefined}
                  avif
                  sizes="(min-width: 1280px) 300px, (min-width: 768px) 25vw, 40vw"
                  alt={ad.name}
                  width={400}
                  height={300}
                  className="h-full w-full object-cover md:h-auto"
                />
              </figure>
              <div className="card-body gap-2 p-4">
                <h3 className="card-title text-base">
                  <CardLink to={paths.product.getHref(ad.productId)}>{ad.name}</CardLink>
                </h3>
                <p className="text-sm text-base-content/80">Try your best {ad.name} now.</p>
                {typeof ad.price === 'number' ? <p className="font-bold text-primary">{formatMoney(ad.price)}</p> : null}
                <div className="card-actions relative z-10 mt-auto pt-1">
                  <Link
                    to={paths.category.getRelativeHref(ad.category)}
                    className="btn btn-primary btn-sm btn-block"
                    aria-label={`Buy Now: ${ad.name} in ${ad.category}`}
                  >
                    Buy Now
                  </Link>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdvertisementPlaceholder() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-5" data-testid="ads-placeholder">
      <div>
        <div className="skeleton h-8 w-52 sm:h-9" />
        <div className="skeleton mt-2 h-5 w-80 max-w-full" />
      </div>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card flex-row overflow-hidden border border-base-300 md:flex-col">
            <div className="skeleton aspect-[4/3] w-2/5 shrink-0 rounded-none md:w-full" />
            <div className="card-body gap-2 p-4">
              <div className="skeleton h-5 w-3/4" />
              <div className="skeleton h-4 w-full" />
              <div className="skeleton h-5 w-16" />
              <div className="skeleton mt-auto h-8 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
