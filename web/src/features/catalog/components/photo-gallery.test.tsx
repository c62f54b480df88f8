import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ProductPhoto } from '@shop/contract';
import { PhotoGallery } from './photo-gallery';

const photo = (n: number): ProductPhoto => ({
  url: `/media/p/0000000${n}-0000-4000-8000-000000000000/1600.webp`,
  width: 1600,
  height: 1200,
  srcset: `/media/p/${n}/400.webp 400w, /media/p/${n}/1600.webp 1600w`,
  placeholder: 'data:image/webp;base64,AAAA',
});
const product = { name: 'Pixel 7', img: photo(1).url, photos: [photo(1), photo(2), photo(3)] };

describe('PhotoGallery', () => {
  it('offers every size in a fixed box: the cover eager and high priority, the rest lazy', () => {
    render(<PhotoGallery product={product} />);
    const carousel = screen.getByRole('region', { name: 'Photos of Pixel 7' });
    const imgs = within(carousel).getAllByRole('img', { hidden: true });
    expect(imgs).toHaveLength(3);
    expect(imgs[0]).toHaveAttribute('srcset', photo(1).srcset);
    expect(imgs[0]).toHaveAttribute('sizes');
    expect(imgs[0]).toHaveAttribute('fetchpriority', 'high');
    expect(imgs[0]).toHaveAttribute('loading', 'eager');
    expect(imgs[1]).toHaveAttribute('loading', 'lazy');
    for (const img of imgs) {
      expect(img).toHaveAttribute('width', '800');
      expect(img).toHaveAttribute('height', '600');
    }
  });

  it('moves with the arrow keys and the thumbnails', () => {
    render(<PhotoGallery product={product} />);
    const carousel = screen.getByRole('region', { name: 'Photos of Pixel 7' });
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  });

  it('zooms a photo in a full-screen view', () => {
    render(<PhotoGallery product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom into photo 1 of 3' }));
    const zoom = screen.getByRole('button', { name: 'Zoom in', hidden: true });
    fireEvent.click(zoom);
    expect(screen.getByRole('button', { name: 'Zoom out', hidden: true })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the img of an item listed before uploads, without thumbnails', () => {
    render(<PhotoGallery product={{ name: 'Old', img: '/images/products/laptop-1.svg', photos: [] }} />);
    expect(screen.getByRole('img', { name: 'Old' })).toHaveAttribute('src', '/images/products/laptop-1.svg');
    expect(screen.queryByRole('list', { name: 'Thumbnails' })).toBeNull();
  });
});
