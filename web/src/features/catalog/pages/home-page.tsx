import { useAllProducts } from '../api/get-all-products';
import { AdvertisementSection } from '../components/advertisement-section';
import { FeaturedCollection } from '../components/featured-collection';
import { ProductList } from '../components/product-list';
import { PromoBanner } from '../components/promo-banner';
import { useBuyNow } from '../hooks/use-buy-now';

/** Home (SPEC.md 2): promo banner, Advertisement, Featured Collection, then 'Our Products'. */
export function HomePage() {
  const products = useAllProducts();
  const { onBuy, modal } = useBuyNow();
  return (
    <div className="flex flex-col gap-14">
      <PromoBanner />
      <AdvertisementSection />
      <FeaturedCollection />
      <section id="our-products" aria-labelledby="products-title" className="flex scroll-mt-20 flex-col gap-5">
        <div>
          <h2 id="products-title" className="text-2xl font-bold sm:text-3xl">
            Our Products
          </h2>
          <p className="text-base-content/70">Everything for sale right now, newest first.</p>
        </div>
        <ProductList query={products} onBuy={onBuy} label="Our Products" empty="No products for sale yet. Check back soon." />
      </section>
      {modal}
    </div>
  );
}
