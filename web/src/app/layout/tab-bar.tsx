import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { HomeIcon, MessageIcon, PlusCircleIcon, SearchIcon, UserIcon } from '@/components/shell-icons';
import { paths } from '@/config/paths';
import { useUser } from '@/hooks/use-user';
import { conversationsQueryOptions } from '@/features/messages/api/get-conversations';
import { MD_UP, useMediaQuery } from '@/lib/use-media-query';

const SEARCH_HASH = `#${paths.search.hash}`;

interface Tab {
  label: string;
  to: string | { pathname: string; search?: string; hash?: string };
  icon: ReactNode;
  active: boolean;
  /** A count to show on the tab (unread, waiting); nothing when 0. */
  badge?: number;
}

const dash = paths.dashboard;
const under = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

/**
 * Unread messages of a signed-in person, on phones only (the tab bar is hidden from md, where the
 * navbar's bell says it). The conversations list the Messages page shows carries each one's unread
 * count; the bell's live event stream refreshes it as messages arrive.
 */
function useUnreadMessages(signedIn: boolean): number {
  const phone = !useMediaQuery(MD_UP);
  const { data } = useQuery({ ...conversationsQueryOptions(), enabled: signedIn && phone });
  return data?.reduce((sum, c) => sum + c.unread, 0) ?? 0;
}

/** The tabs, the one for where the person is marked. */
function useTabs(): Tab[] {
  const { pathname, search, hash } = useLocation();
  const { user } = useUser();
  const unread = useUnreadMessages(!!user);
  const home = pathname === paths.home.path;
  const messages = under(pathname, dash.messages.path);
  const sell =
    under(pathname, dash.addProducts.path) || under(pathname, dash.myProducts.path) || under(pathname, dash.startSelling.path);
  // An account that does not sell yet is taken to the step that switches selling on (issue 26).
  const sellTo =
    user && user.role !== 'seller' && user.role !== 'admin' ? dash.startSelling.getHref() : dash.addProducts.getHref();
  return [
    { label: 'Home', to: paths.home.getHref(), icon: <HomeIcon size={22} />, active: home && hash !== SEARCH_HASH },
    {
      label: 'Search',
      // Keeps the search already in the URL when on the home page.
      to: { pathname: paths.search.path, search: home ? search : '', hash: SEARCH_HASH },
      icon: <SearchIcon size={22} />,
      active: home && hash === SEARCH_HASH,
    },
    { label: 'Sell', to: sellTo, icon: <PlusCircleIcon size={22} />, active: sell },
    { label: 'Messages', to: dash.messages.getHref(), icon: <MessageIcon size={22} />, active: messages, badge: unread },
    {
      label: 'Account',
      to: user ? dash.root.getHref() : paths.login.getHref(),
      icon: <UserIcon size={22} />,
      active:
        !messages &&
        !sell &&
        (under(pathname, dash.root.path) ||
          pathname === paths.login.path ||
          pathname === paths.signup.path ||
          under(pathname, paths.loginTwoFactor.path)),
    },
  ];
}

/**
 * Phones only (below md): the app's main places in a bar at the bottom of the screen, within
 * thumb's reach, each tab 44 px or more in both directions. The page leaves room for it
 * (RootLayout's bottom padding), and it stays clear of the phone's home indicator.
 * Opaque: a see-through bar with a backdrop blur is drawn again on every frame of a scroll
 * under it, for 5 % of see-through.
 */
export function TabBar() {
  const tabs = useTabs();
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-base-300 bg-base-100 pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="mx-auto grid h-14 max-w-lg grid-cols-5">
        {tabs.map((tab) => (
          <li key={tab.label} className="flex">
            <Link
              to={tab.to}
              aria-current={tab.active ? 'page' : undefined}
              className={`relative flex min-h-11 flex-1 flex-col items-center justify-center gap-0.5 text-xs ${
                tab.active ? 'font-semibold text-primary' : 'text-base-content/80'
              }`}
            >
              <span className="relative" aria-hidden="true">
                {tab.icon}
                {tab.badge ? (
                  <span className="badge badge-error badge-xs absolute -right-2.5 -top-1.5 min-w-4 px-1 text-[0.625rem] font-bold">
                    {tab.badge > 99 ? '99+' : tab.badge}
                  </span>
                ) : null}
              </span>
              <span>
                {tab.label}
                {tab.badge ? <span className="sr-only">, {tab.badge} unread</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
