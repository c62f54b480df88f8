import { useRecentlyViewed } from '../hooks/use-recently-viewed';
import { MiniCard } from './mini-card';

/** "Recently viewed": the listings the person opened lately (not `exclude`, the page's own), hidden when none. */
export function RecentlyViewed({ exclude }: { exclude?: string }) {
  const list = useRecentlyViewed().filter((s) => s.productId !== exclude);
  if (!list.length) return null;
  return (
    <section aria-labelledby="recently-viewed-title" className="flex flex-col gap-3">
      <h2 id="recently-viewed-title" className="text-xl font-bold sm:text-2xl">
        Recently viewed
      </h2>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
        {list.map((s) => (
          <li key={s.productId} className="w-36 shrink-0 snap-start sm:w-44">
            <MiniCard productId={s.productId} name={s.name} img={s.img} price={s.price} status={s.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
