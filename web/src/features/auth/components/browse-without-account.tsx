import { Link, matchPath } from 'react-router';
import { CATEGORIES } from '@shop/contract/constants';
import { paths } from '@/config/paths';

/** The shop's category a return path is the page of (`/category/laptop` -> 'Laptop'), if any. */
export function categoryOf(returnTo: string): string | undefined {
  const match = matchPath(paths.category.path, returnTo.split(/[?#]/)[0] ?? '');
  const name = match?.params.category?.toLowerCase();
  return name ? CATEGORIES.find((c) => c.toLowerCase() === name) : undefined;
}

/**
 * On the login page of a guest sent there from a category page (login only): the same items in the
 * public catalogue, without an account.
 */
export function BrowseWithoutAccount({ returnTo }: { returnTo: string }) {
  const category = categoryOf(returnTo);
  if (!category) return null;
  return (
    <p className="-mt-2 text-center text-sm">
      Just looking?{' '}
      <Link to={paths.catalogue.getHref({ category })} className="link link-primary font-medium">
        Browse {category} without an account
      </Link>
    </p>
  );
}
