import { NavLink, Outlet } from 'react-router';
import {
  ClipboardList,
  Flag,
  Smartphone,
  HandCoins,
  Heart,
  Landmark,
  LayoutDashboard,
  MapPin,
  MessagesSquare,
  Package,
  PackagePlus,
  Receipt,
  ScrollText,
  Store,
  UserRound,
  Users,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useRoles } from '@/hooks/use-roles';

interface MenuItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  /** The person's own account pages (Profile), not a role's. */
  account?: boolean;
}

export function useDashboardMenu(): { items: MenuItem[]; isPending: boolean } {
  const roles = useRoles();
  const d = paths.dashboard;
  const items: MenuItem[] = [
    { to: d.root.getHref(), label: 'Overview', icon: <LayoutDashboard size={18} aria-hidden="true" />, end: true },
  ];
  if (roles.isBuyer) {
    items.push({ to: d.myOrders.getHref(), label: 'My Orders', icon: <ClipboardList size={18} aria-hidden="true" /> });
    items.push({ to: d.offers.getHref(), label: 'Offers', icon: <HandCoins size={18} aria-hidden="true" /> });
    items.push({ to: d.saved.getHref(), label: 'Saved', icon: <Heart size={18} aria-hidden="true" /> });
  }
  // An account that buys may sell too: the step that switches selling on, until it is on.
  if (roles.isBuyer && !roles.isSeller)
    items.push({ to: d.startSelling.getHref(), label: 'Start selling', icon: <Store size={18} aria-hidden="true" /> });
  if (roles.isSeller) {
    items.push({ to: d.myProducts.getHref(), label: 'My Products', icon: <Package size={18} aria-hidden="true" /> });
    items.push({ to: d.sales.getHref(), label: 'Sales', icon: <Receipt size={18} aria-hidden="true" /> });
    items.push({ to: d.addProducts.getHref(), label: 'Add Products', icon: <PackagePlus size={18} aria-hidden="true" /> });
    items.push({ to: d.earnings.getHref(), label: 'Earnings', icon: <Wallet size={18} aria-hidden="true" /> });
  }
  if (roles.isAdmin) {
    items.push({ to: d.allBuyers.getHref(), label: 'All Buyer', icon: <Users size={18} aria-hidden="true" /> });
    items.push({ to: d.allSellers.getHref(), label: 'All Seller', icon: <Store size={18} aria-hidden="true" /> });
    items.push({ to: d.audit.getHref(), label: 'Audit log', icon: <ScrollText size={18} aria-hidden="true" /> });
    items.push({ to: d.moderation.getHref(), label: 'Moderation', icon: <Flag size={18} aria-hidden="true" /> });
    items.push({ to: d.devices.getHref(), label: 'Devices', icon: <Smartphone size={18} aria-hidden="true" /> });
    items.push({ to: d.meetupSpots.getHref(), label: 'Meetup spots', icon: <MapPin size={18} aria-hidden="true" /> });
    items.push({ to: d.adminOrders.getHref(), label: 'Orders', icon: <ClipboardList size={18} aria-hidden="true" /> });
    items.push({ to: d.finance.getHref(), label: 'Finance', icon: <Landmark size={18} aria-hidden="true" /> });
  }
  items.push({
    to: d.messages.getHref(),
    label: 'Messages',
    icon: <MessagesSquare size={18} aria-hidden="true" />,
    account: true,
  });
  // Every signed-in person, whatever the role (or none yet), has a profile.
  items.push({ to: d.profile.getHref(), label: 'Profile', icon: <UserRound size={18} aria-hidden="true" />, account: true });
  return { items, isPending: roles.isPending };
}

/** /dashboard: side menu by role, spinner while the role checks run (docs/product.md#dashboard). */
export function DashboardLayout() {
  const { items, isPending } = useDashboardMenu();
  if (isPending) return <PageSpinner label="Checking your roles…" />;
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      <div className="md:sticky md:top-20 md:w-60 md:shrink-0">
        <nav aria-label="Dashboard">
          <ul className="menu menu-horizontal w-full flex-wrap gap-1 rounded-box bg-base-200 md:menu-vertical">
            {items.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => (isActive ? 'bg-primary/10 font-semibold text-primary' : '')}
                >
                  {item.icon}
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
