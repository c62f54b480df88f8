import { MESSAGES } from '@shop/contract';
import { useAllBuyers } from '../api/get-all-buyers';
import { UsersTable } from '../components/users-table';

/** /dashboard/allbuyer (admin). */
export function AllBuyersPage() {
  const buyers = useAllBuyers();
  return <UsersTable title="All Buyers" kind="buyer" query={buyers} deletedMessage={MESSAGES.buyerDeleted} />;
}
