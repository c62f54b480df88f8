import { useParams } from 'react-router';
import { Printer } from 'lucide-react';
import { ErrorState } from '@/components/error-state';
import { formatDateTime, formatMoney } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { useReceipt } from '../api/payouts';

/** /dashboard/receipt/{id}: the buyer's receipt, laid out to print (the menu and buttons are left off the paper). */
export function ReceiptPage() {
  const { id = '' } = useParams();
  usePageMeta('Receipt');
  const receipt = useReceipt(id);
  if (receipt.isPending) return <div role="status" aria-label="Loading the receipt" className="skeleton h-64 w-full max-w-lg" />;
  if (!receipt.data)
    return <ErrorState title="Could not load this receipt" error={receipt.error} onRetry={() => void receipt.refetch()} />;
  const r = receipt.data;
  return (
    <article
      aria-labelledby="receipt-title"
      className="flex max-w-lg flex-col gap-4 rounded-box border border-base-300 p-5 print:border-0"
    >
      <header className="flex items-start justify-between gap-3">
        <div>
          <h1 id="receipt-title" className="text-2xl font-bold">
            Receipt
          </h1>
          <p className="text-sm">{r.shop.name}</p>
          <p className="break-all text-xs text-base-content/70">{r.shop.url}</p>
        </div>
        <button type="button" className="btn btn-sm print:hidden" onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" /> Print
        </button>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/70">Item</dt>
        <dd className="break-words">{r.productName}</dd>
        <dt className="text-base-content/70">Seller</dt>
        <dd className="break-words">{r.sellerName}</dd>
        <dt className="text-base-content/70">Amount</dt>
        <dd className="font-bold" data-testid="receipt-amount">
          {formatMoney(r.amountCents / 100)} {r.currency.toUpperCase()}
        </dd>
        <dt className="text-base-content/70">Paid with</dt>
        <dd>{r.cardLast4 ? `${r.cardBrand ?? 'Card'} •••• ${r.cardLast4}` : 'Card'}</dd>
        <dt className="text-base-content/70">Paid</dt>
        <dd>
          <time dateTime={r.paidAt}>{formatDateTime(r.paidAt)}</time>
        </dd>
        <dt className="text-base-content/70">Transaction</dt>
        <dd className="break-all">{r.transactionId}</dd>
        <dt className="text-base-content/70">Order</dt>
        <dd className="break-all">{r.orderId}</dd>
        <dt className="text-base-content/70">Status</dt>
        <dd>{r.status}</dd>
      </dl>
    </article>
  );
}
