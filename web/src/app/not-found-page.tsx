import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-black text-primary">404</p>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-base-content/80">The page you asked for does not exist or has moved.</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Browse products
      </Link>
    </section>
  );
}
