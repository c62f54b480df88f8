import { Suspense, useCallback, useRef, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { CloseIcon, MenuIcon, ShoppingBagIcon } from '@/components/shell-icons';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { useDismiss } from '@/hooks/use-dismiss';
import { useShopName } from '@/hooks/use-shop-name';
import { useUser } from '@/hooks/use-user';
import { useSignOut } from '@/features/auth/api/sign-out';
import type { LoginLocationState } from '@/lib/session';
import { errorMessage } from '@/lib/api';
import { HeaderSearch } from './header-search';

// The bell (and the live event stream it keeps open) loads only for a signed-in person, after the first screen.
const NotificationBell = lazy(() =>
  import('@/features/messages/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'bg-primary/10 font-semibold text-primary' : '');

function NavItems({
  loggedIn,
  pending,
  onSignOut,
  signingOut,
}: {
  loggedIn: boolean;
  pending: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const location = useLocation();
  // Back to this page after logging in (not to the login or sign-up page itself).
  const here = location.pathname === paths.login.path || location.pathname === paths.signup.path ? undefined : location;
  const loginState: LoginLocationState | undefined = here
    ? { from: { pathname: here.pathname, search: here.search, hash: here.hash } }
    : undefined;
  return (
    <>
      <li>
        <NavLink to={paths.home.getHref()} end className={linkClass}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.blog.getHref()} className={linkClass}>
          Blog
        </NavLink>
      </li>
      {pending ? (
        <li aria-hidden="true" className="pointer-events-none">
          <span className="skeleton h-5 w-20" />
        </li>
      ) : loggedIn ? (
        <>
          <li>
            <NavLink to={paths.dashboard.root.getHref()} className={linkClass}>
              Dashboard
            </NavLink>
          </li>
          <li>
            <button type="button" onClick={onSignOut} disabled={signingOut}>
              Sign out
            </button>
          </li>
        </>
      ) : (
        <li>
          <NavLink to={paths.login.getHref()} state={loginState} className={linkClass}>
            Login
          </NavLink>
        </li>
      )}
    </>
  );
}

export function Navbar() {
  const shopName = useShopName();
  const { user, isPending } = useUser();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setOpen(false), []);

  // Close the mobile menu on navigation (noticed while rendering, so the new page never shows it
  // open), on Escape and on a click elsewhere.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setOpen(false);
  }
  useDismiss(open, closeMenu, menuRef, toggleRef);

  const handleSignOut = () => {
    setOpen(false);
    signOut.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => navigate(paths.home.getHref()),
    });
  };

  const items = <NavItems loggedIn={!!user} pending={isPending} onSignOut={handleSignOut} signingOut={signOut.isPending} />;

  return (
    // On phones the navbar scrolls away (the tab bar and the list's search stay): the list gets the screen.
    // See-through and blurred only where it stays on top (md): a backdrop filter is drawn again on
    // every frame that moves what is behind it.
    <header className="relative z-30 border-b border-base-300 bg-base-100 md:sticky md:top-0 md:bg-base-100/95 md:backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl px-4" aria-label="Main">
        <div className="flex-1 lg:flex-none">
          <NavLink to={paths.home.getHref()} className="flex items-center gap-2 text-xl font-bold tracking-tight">
            <ShoppingBagIcon size={24} className="text-primary" aria-hidden="true" />
            <span>{shopName}</span>
          </NavLink>
        </div>
        <HeaderSearch />
        {user ? (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        ) : null}
        <ul className="menu menu-horizontal hidden gap-1 px-1 md:flex">{items}</ul>
        <div className="relative md:hidden" ref={menuRef}>
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-square btn-ghost"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <CloseIcon size={22} aria-hidden="true" /> : <MenuIcon size={22} aria-hidden="true" />}
          </button>
          {open ? (
            <ul
              id="mobile-menu"
              className="menu absolute right-0 z-40 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
            >
              {items}
            </ul>
          ) : null}
        </div>
      </nav>
    </header>
  );
}
