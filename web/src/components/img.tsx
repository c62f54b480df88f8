import { useState, type ImgHTMLAttributes } from 'react';
import { paths } from '@/config/paths';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  src: string | undefined | null;
  alt: string;
  /** Intrinsic size: reserves the box before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** Above-the-fold images load eagerly. */
  priority?: boolean;
};

/** An image that lazy-loads, keeps its aspect ratio, and falls back to a neutral picture on error. */
export function Img({ src, alt, width, height, priority = false, className = '', onError, ...rest }: ImgProps) {
  const [failed, setFailed] = useState(false);
  const [prevSrc, setPrevSrc] = useState(src);
  if (src !== prevSrc) {
    setPrevSrc(src);
    setFailed(false);
  }
  const current = !src || failed ? paths.images.fallback : src;
  return (
    <img
      {...rest}
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={`bg-base-200 ${className}`}
      style={{ aspectRatio: `${width} / ${height}`, ...rest.style }}
      onError={(event) => {
        if (!failed && current !== paths.images.fallback) setFailed(true);
        onError?.(event);
      }}
    />
  );
}
