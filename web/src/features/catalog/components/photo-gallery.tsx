import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useScrollLock } from '@/hooks/use-scroll-lock';
import { preload } from 'react-dom';
import { PRODUCT_PHOTO_SIZES, type Product, type ProductPhoto } from '@shop/contract';
import { ChevronLeft, ChevronRight, X, ZoomIn } from 'lucide-react';
import { Img } from '@/components/img';

/** How wide the main photo is shown: the page's left column from `lg`, the whole width below. */

/** An item listed before uploads has only its `img`: shown as a gallery of one. */
function photosOf(product: Pick<Product, 'photos' | 'img'>): ProductPhoto[] {
  return product.photos.length ? product.photos : [{ url: product.img, width: 800, height: 600, srcset: '' }];
}

/**
 * The product page's photos: swipe between them on a phone (scroll snapping), arrow keys, the
 * arrows and the thumbnails on a desktop; a photo opens zoomed in a full-screen view. The box keeps
 * its 4:3 size whatever loads (no layout shift); the cover is preloaded at high priority, the rest
 * load lazily as they come near.
 */
export function PhotoGallery({ product, badge }: { product: Pick<Product, 'photos' | 'img' | 'name'>; badge?: ReactNode }) {
  const photos = photosOf(product);
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const track = useRef<HTMLUListElement>(null);
  const cover = photos[0];
  if (cover?.srcset)
    preload(cover.url, { as: 'image', imageSrcSet: cover.srcset, imageSizes: PRODUCT_PHOTO_SIZES, fetchPriority: 'high' });

  const go = (i: number) => {
    const next = Math.max(0, Math.min(photos.length - 1, i));
    setIndex(next);
    const el = track.current;
    // scrollTo is missing where there is no layout (tests); the index alone then moves the view.
    if (el && typeof el.scrollTo === 'function') el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
  };

  const many = photos.length > 1;
  return (
    <div className="flex flex-col gap-3">
      {/* The carousel takes the arrow keys once focused (WAI-ARIA carousel pattern). */}
      <section
        className="relative overflow-hidden rounded-box border border-base-300 bg-base-200 focus-visible:outline-2 focus-visible:outline-primary"
        aria-roledescription="carousel"
        aria-label={`Photos of ${product.name}`}
        tabIndex={many ? 0 : undefined}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(index + 1);
          else if (e.key === 'ArrowLeft') go(index - 1);
          else return;
          e.preventDefault();
        }}
      >
        <ul
          ref={track}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
          }}
        >
          {photos.map((p, i) => (
            <li
              key={p.url}
              className="w-full shrink-0 snap-center"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${photos.length}`}
              aria-hidden={i !== index}
            >
              <button
                type="button"
                className="group relative block w-full cursor-zoom-in"
                onClick={() => setZoomed(i)}
                tabIndex={i === index ? 0 : -1}
                aria-label={`Zoom into photo ${i + 1} of ${photos.length}`}
              >
                <Img
                  src={p.url}
                  photo={p.srcset ? p : undefined}
                  sizes={PRODUCT_PHOTO_SIZES}
                  alt={i === 0 ? product.name : `${product.name} (${i + 1} of ${photos.length})`}
                  width={800}
                  height={600}
                  priority={i === 0}
                  className="h-auto w-full object-contain"
                />
                <span className="absolute bottom-2 right-2 rounded-full bg-base-100/80 p-1.5 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                  <ZoomIn size={18} aria-hidden="true" />
                </span>
              </button>
            </li>
          ))}
        </ul>
        {badge}
        {many ? (
          <>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute left-2 top-1/2 hidden -translate-y-1/2 bg-base-100/80 sm:flex"
              aria-label="Previous photo"
              disabled={index === 0}
              onClick={() => go(index - 1)}
            >
              <ChevronLeft size={18} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute right-2 top-1/2 hidden -translate-y-1/2 bg-base-100/80 sm:flex"
              aria-label="Next photo"
              disabled={index === photos.length - 1}
              onClick={() => go(index + 1)}
            >
              <ChevronRight size={18} aria-hidden="true" />
            </button>
            <p className="badge badge-neutral badge-sm absolute bottom-2 left-2" aria-live="polite">
              {index + 1} / {photos.length}
            </p>
          </>
        ) : null}
      </section>
      {many ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
          {photos.map((p, i) => (
            <li key={p.url} className="shrink-0">
              <button
                type="button"
                className={`block w-20 overflow-hidden rounded-field border-2 ${i === index ? 'border-primary' : 'border-transparent'}`}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              >
                <Img
                  src={p.url}
                  photo={p.srcset ? p : undefined}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={60}
                  className="w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {zoomed !== null ? (
        <ZoomView
          photos={photos}
          start={zoomed}
          name={product.name}
          onClose={(last) => {
            setZoomed(null);
            go(last);
          }}
        />
      ) : null}
    </div>
  );
}

/** Full screen, the largest size; a click or Enter zooms to 2x around the pointer, arrows move, Esc closes. */
function ZoomView({
  photos,
  start,
  name,
  onClose,
}: {
  photos: ProductPhoto[];
  start: number;
  name: string;
  onClose: (index: number) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [i, setI] = useState(start);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const photo = photos[i] ?? photos[0];
  useScrollLock(true);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open && typeof d.showModal === 'function') d.showModal();
  }, []);
  const step = (by: number) => {
    setZoom(null);
    setI((n) => Math.max(0, Math.min(photos.length - 1, n + by)));
  };
  if (!photo) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-label={`${name}: photo ${i + 1} of ${photos.length}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose(i);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') step(1);
        else if (e.key === 'ArrowLeft') step(-1);
      }}
    >
      <div className="flex h-dvh w-screen flex-col bg-black/95 text-white">
        <div className="flex items-center justify-between p-2">
          <p className="text-sm">
            {i + 1} / {photos.length}
          </p>
          <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label="Close" onClick={() => onClose(i)}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="relative min-h-0 flex-1 overflow-hidden">
          <button
            type="button"
            className={`block h-full w-full ${zoom ? 'cursor-zoom-out' : 'cursor-zoom-in'}`}
            aria-label={zoom ? 'Zoom out' : 'Zoom in'}
            aria-pressed={!!zoom}
            onClick={(e) => {
              if (zoom) return setZoom(null);
              const r = e.currentTarget.getBoundingClientRect();
              setZoom(
                e.clientX || e.clientY
                  ? { x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 }
                  : { x: 50, y: 50 },
              );
            }}
          >
            <img
              src={photo.url}
              srcSet={photo.srcset || undefined}
              sizes="100vw"
              alt={`${name} (${i + 1} of ${photos.length})`}
              width={photo.width}
              height={photo.height}
              className="h-full w-full object-contain transition-transform duration-200"
              style={zoom ? { transform: 'scale(2)', transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
            />
          </button>
          {photos.length > 1 ? (
            <>
              <button
                type="button"
                className="btn btn-circle absolute left-2 top-1/2 -translate-y-1/2"
                aria-label="Previous photo"
                disabled={i === 0}
                onClick={() => step(-1)}
              >
                <ChevronLeft size={20} aria-hidden="true" />
              </button>
              <button
                type="button"
                className="btn btn-circle absolute right-2 top-1/2 -translate-y-1/2"
                aria-label="Next photo"
                disabled={i === photos.length - 1}
                onClick={() => step(1)}
              >
                <ChevronRight size={20} aria-hidden="true" />
              </button>
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
