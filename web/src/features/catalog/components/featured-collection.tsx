import { Link } from 'react-router';
import { Img } from '@/components/img';
import { Repeat } from '@/components/repeat';
import { paths } from '@/config/paths';
import { useCategories } from '../api/get-categories';

/**
 * Featured Collection: category cards, 1/2/3 columns; each links to /category/{category} (docs/product.md#home-page).
 * On phones a card lies on its side (picture left, as the ads do), so six categories take one screen, not three.
 */
export function FeaturedCollection() {
  const { categories, isPending } = useCategories();
  if (!isPending && categories.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className="flex flex-col gap-5">
      <div>
        <h2 id="featured-title" className="text-2xl font-bold sm:text-3xl">
          Featured Collection
        </h2>
        <p className="text-base-content/70">Pick a category to see what is on offer.</p>
      </div>
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3">
        {isPending ? (
          <Repeat count={6}>
            <li aria-hidden="true">
              <div className="card flex-row overflow-hidden border border-base-300 sm:flex-col">
                <div className="skeleton aspect-[4/3] w-2/5 shrink-0 rounded-none sm:w-full" />
                <div className="card-body gap-2 p-4">
                  <div className="skeleton h-6 w-1/3" />
                  <div className="skeleton h-4 w-2/3" />
                </div>
              </div>
            </li>
          </Repeat>
        ) : (
          categories.map((c) => (
            <li key={c._id}>
              <Link
                to={paths.category.getHref(c.category)}
                className="card h-full flex-row overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md sm:flex-col"
              >
                <figure className="w-2/5 shrink-0 rounded-none bg-base-200 sm:w-full">
                  {/* Below Our Products: loaded when near. */}
                  <Img src={c.img} alt="" width={400} height={300} className="h-auto w-full object-cover" />
                </figure>
                <div className="card-body gap-1 p-4">
                  <h3 className="card-title">{c.category}</h3>
                  <p className="text-sm text-base-content/80">Click the card to get the best {c.category}.</p>
                </div>
              </Link>
            </li>
          ))
        )}
      </ul>
    </section>
  );
}
