import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@shop/contract';
import { paths } from '@/config/paths';
import { useRoles } from '@/hooks/use-roles';
import { AddProductForm } from '../components/add-product-form';
import { calloutClass } from '@/components/callout';

/** /dashboard/addproducts (seller). */
export function AddProductPage() {
  const navigate = useNavigate();
  const seller = useRoles();
  return (
    <section aria-labelledby="add-product-title" className="flex flex-col gap-4">
      <h1 id="add-product-title" className="text-2xl font-bold">
        Add A Product
      </h1>
      {seller.isSeller && !seller.isVerified ? (
        <p className={calloutClass('info')}>
          Your seller account is not verified yet. Your products are listed without the verified tick until an admin verifies you.
        </p>
      ) : null}
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body p-4 sm:p-8">
          <AddProductForm
            onSuccess={() => {
              toast.success(MESSAGES.productAdded);
              navigate(paths.dashboard.myProducts.getHref());
            }}
          />
        </div>
      </div>
    </section>
  );
}
