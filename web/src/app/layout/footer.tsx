import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useShopName } from '@/hooks/use-shop-name';

export function Footer() {
  const shopName = useShopName();
  return (
    <footer className="mt-16 border-t border-base-300 bg-base-200">
      <div className="footer mx-auto max-w-7xl p-8 text-base-content sm:footer-horizontal">
        <div className="max-w-xs">
          <p className="text-lg font-bold">{shopName}</p>
          <p className="text-sm text-base-content/80">
            A marketplace for used laptops, phones, iPads, cameras, headphones and watches. Pay by card; the seller is paid once
            you have met and checked the item.
          </p>
        </div>
        <nav aria-label="Shop">
          <h2 className="footer-title">Shop</h2>
          <Link className="link link-hover" to={paths.home.getHref()}>
            All products
          </Link>
          <Link className="link link-hover" to={paths.catalogue.getHref({ category: 'Laptop' })}>
            Laptops
          </Link>
          <Link className="link link-hover" to={paths.catalogue.getHref({ category: 'Mobile' })}>
            Phones
          </Link>
        </nav>
        <nav aria-label="Account">
          <h2 className="footer-title">Account</h2>
          <Link className="link link-hover" to={paths.dashboard.root.getHref()}>
            Dashboard
          </Link>
          <Link className="link link-hover" to={paths.signup.getHref()}>
            Sign up
          </Link>
          <Link className="link link-hover" to={paths.blog.getHref()}>
            Blog
          </Link>
        </nav>
      </div>
      <p className="border-t border-base-300 py-4 text-center text-sm text-base-content/80">
        © {new Date().getFullYear()} {shopName}. Open source.
      </p>
    </footer>
  );
}
