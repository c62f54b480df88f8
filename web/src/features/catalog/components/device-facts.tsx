import { DEVICE_STRINGS, type ProductDetail } from '@shop/contract';
import { PriceGuideBand } from '@/components/price-guide';
import { usePriceGuide } from '@/hooks/use-devices';

/**
 * What the shop knows about the device (issue 28): the catalogue model and its specs, "Serial checked
 * against the shop's register" when its seller gave the number, and the price guide of that model,
 * variant and grade with the chart of sold prices.
 */
export function DeviceFacts({ product }: { product: ProductDetail }) {
  const device = product.device ?? null;
  const guide = usePriceGuide(device?.id, device?.variant, product.condition);
  if (!device && !product.serialChecked) return null;
  const specs = device ? [device.variantLabel, device.colour].filter((s): s is string => !!s && s !== 'Standard') : [];
  return (
    <section aria-labelledby="device-title" className="flex flex-col gap-2">
      <h2 id="device-title" className="text-lg font-bold">
        The device
      </h2>
      {device ? (
        <p>
          {device.brand} {device.model} <span className="text-base-content/70">({device.releaseYear})</span>
          {specs.length ? <span className="text-base-content/70"> · {specs.join(' · ')}</span> : null}
        </p>
      ) : null}
      {product.serialChecked ? (
        <p className="flex items-center gap-2 text-sm text-success">
          <svg viewBox="0 0 20 20" className="size-4 fill-current" aria-hidden="true">
            <path d="M7.6 13.6 4 10l-1.4 1.4 5 5 10-10L16.2 5z" />
          </svg>
          {DEVICE_STRINGS.serialChecked}
        </p>
      ) : null}
      {device ? (
        <PriceGuideBand
          guide={guide.data}
          priceCents={product.status === 'sold' ? undefined : Math.round(product.price * 100)}
          chart
        />
      ) : null}
    </section>
  );
}
