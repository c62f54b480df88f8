import { useState } from 'react';
import { LocateFixed, X } from 'lucide-react';
import type { ProductFilters } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { nearParam } from './search-params';

/** Why the position could not be had, in words a person can act on. */
function positionError(error: GeolocationPositionError | undefined): string {
  if (!error) return 'This browser cannot tell where you are.';
  if (error.code === error.PERMISSION_DENIED)
    return 'Location is blocked for this site. Allow it in the browser to search near you.';
  if (error.code === error.TIMEOUT) return 'Finding your position took too long. Try again.';
  return 'Your position is not available right now. Try again.';
}

/**
 * "Near me": asks the browser for its position only when pressed (never on page load), then lists
 * what is within the radius, nearest first. Pressed again, it goes back to everywhere.
 */
export function NearMe({ filters, onApply }: { filters: ProductFilters; onApply: (change: ProductFilters) => void }) {
  const [busy, setBusy] = useState(false);
  const setError = (message: string | null) => {
    if (message) toast.error(message);
  };
  const on = !!filters.near;
  const press = () => {
    setError(null);
    if (on) {
      onApply({ near: undefined, radiusKm: undefined, sort: filters.sort === 'distance' ? undefined : filters.sort });
      return;
    }
    if (!('geolocation' in navigator)) {
      setError(positionError(undefined));
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setBusy(false);
        onApply({ near: nearParam(pos.coords.latitude, pos.coords.longitude), sort: 'distance' });
      },
      (err) => {
        setBusy(false);
        setError(positionError(err));
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  };
  return (
    <button
      type="button"
      className={`btn h-11 shrink-0 md:h-10 ${on ? 'btn-primary' : ''}`}
      aria-label="Near me"
      aria-pressed={on}
      onClick={press}
      disabled={busy}
    >
      {busy ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : on ? (
        <X size={16} aria-hidden="true" />
      ) : (
        <LocateFixed size={16} aria-hidden="true" />
      )}
      <span className="max-sm:sr-only">Near me</span>
    </button>
  );
}
