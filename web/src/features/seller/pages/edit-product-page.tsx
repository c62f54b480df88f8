import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ErrorState } from '@/components/error-state';
import { Spinner } from '@/components/spinner';
import { calloutClass } from '@/components/callout';
import { toast } from '@/lib/toast';
import { useListing } from '../api/listing';
import { AddProductForm } from '../components/add-product-form';

/** /dashboard/editproduct/:id (seller): the add form, filled in, for one's own unsold item. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const listing = useListing(id);
  const myProducts = paths.dashboard.myProducts.getHref();

  let body: ReactNode;
  if (listing.isPending) body = <Spinner label="Loading the item" />;
  else if (listing.isError)
    body = <ErrorState title="Could not load this item" error={listing.error} onRetry={() => void listing.refetch()} />;
  else if (listing.data.status === 'sold')
    body = (
      <p className={calloutClass('info')}>
        This item is sold and can no longer be edited. <Link to={myProducts}>Back to My Products</Link>
      </p>
    );
  else
    body = (
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body p-4 sm:p-8">
          <AddProductForm
            product={listing.data}
            onSuccess={() => {
              toast.success('Changes saved');
              navigate(myProducts);
            }}
          />
        </div>
      </div>
    );

  return (
    <section aria-labelledby="edit-product-title" className="flex flex-col gap-4">
      <h1 id="edit-product-title" className="text-2xl font-bold">
        Edit {listing.data ? `"${listing.data.name}"` : 'product'}
      </h1>
      {listing.data?.status === 'unlisted' ? (
        <p className={calloutClass('info')}>This item is unlisted: buyers cannot see it until you relist it on My Products.</p>
      ) : null}
      {body}
    </section>
  );
}
