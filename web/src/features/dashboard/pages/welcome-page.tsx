import { Link } from 'react-router';
import { BadgeCheck, UserRound } from 'lucide-react';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { useRoles } from '@/hooks/use-roles';
import { useDashboardMenu } from './dashboard-layout';

/** The dashboard's welcome page: who you are and where to go next. */
export function WelcomePage() {
  const { user } = useUser();
  const roles = useRoles();
  const { items } = useDashboardMenu();
  const roleLabel = roles.isAdmin ? 'Admin' : roles.isSeller ? 'Seller' : roles.isBuyer ? 'Buyer' : 'Member';
  // The role pages; Profile has its own link above.
  const shortcuts = items.slice(1).filter((item) => !item.account);
  return (
    <section aria-labelledby="welcome-title" className="flex flex-col gap-6">
      <div className="rounded-box bg-gradient-to-br from-indigo-50 to-pink-50 p-6">
        <h1 id="welcome-title" className="text-2xl font-bold sm:text-3xl">
          Welcome to your dashboard, {user?.name || 'friend'}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-base-content/80">
          <span>Signed in as {user?.email}</span>
          <span className="badge badge-primary">{roleLabel}</span>
          {roles.isSeller ? (
            roles.isVerified ? (
              <span className="badge badge-success gap-1">
                <BadgeCheck size={14} aria-hidden="true" /> Verified seller
              </span>
            ) : (
              <span className="badge badge-ghost">Not verified yet</span>
            )
          ) : null}
        </p>
        <Link
          to={paths.dashboard.profile.getHref()}
          className="link link-primary mt-3 inline-flex items-center gap-1 text-sm font-medium"
        >
          <UserRound size={14} aria-hidden="true" />
          Edit profile
        </Link>
      </div>
      {shortcuts.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {shortcuts.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="card border border-base-300 bg-base-100 p-5 shadow-sm transition hover:shadow-md">
                <span className="flex items-center gap-3 text-lg font-semibold">
                  {item.icon}
                  {item.label}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-base-content/80">
          Your account has no role yet.{' '}
          <Link to={paths.home.getHref()} className="link link-primary">
            Browse products
          </Link>{' '}
          meanwhile.
        </p>
      )}
    </section>
  );
}
