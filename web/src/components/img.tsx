import { useState, type ImgHTMLAttributes } from 'react';
import type { ProductPhoto } from '@shop/contract';
import { paths } from '@/config/paths';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'srcSet' | 'placeholder'> & {
  src: string | undefined | null;
  alt: string;
  /** Intrinsic size: reserves the box before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** Above-the-fold images load eagerly. */
  priority?: boolean;
  /** An uploaded photo: its WebP (and AVIF) sizes are offered to the browser, its blurred placeholder shown while it loads. */
  photo?: ProductPhoto;
  /** How wide the image is shown, for the browser's pick among the photo's sizes. */
  sizes?: string;
  /** Offer the photo's AVIF sizes too: only where it is shown small (they stop at 800 pixels wide). */
  avif?: boolean;
};

/**
 * An image that lazy-loads, keeps its aspect ratio, and falls back to a neutral picture on error.
 * With an uploaded `photo` it offers every stored size (srcset/sizes), AVIF first where there is one.
 */
export function Img({
  src,
  alt,
  width,
  height,
  priority = false,
  photo,
  sizes,
  avif = false,
  className = '',
  onError,
  ...rest
}: ImgProps) {
  const [failed, setFailed] = useState(false);
  const [prevSrc, setPrevSrc] = useState(src);
  if (src !== prevSrc) {
    setPrevSrc(src);
    setFailed(false);
  }
  const current = !src || failed ? paths.images.fallback : src;
  const responsive = photo && !failed && current === photo.url;
  const img = (
    <img
      {...rest}
      src={current}
      srcSet={responsive ? photo.srcset : undefined}
      sizes={responsive ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={`bg-base-200 ${className}`}
      style={{
        aspectRatio: `${width} / ${height}`,
        ...(responsive && photo.placeholder
          ? { backgroundImage: `url("${photo.placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
          : {}),
        ...rest.style,
      }}
      onError={(event) => {
        if (!failed && current !== paths.images.fallback) setFailed(true);
        onError?.(event);
      }}
    />
  );
  if (!responsive || !avif || !photo.avifSrcset) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={photo.avifSrcset} sizes={sizes} />
      {img}
    </picture>
  );
}
