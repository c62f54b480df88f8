import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, pending } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { AdvertisementSection } from './advertisement-section';

const ad = { _id: 'a1', name: 'Pixel 7', img: '/images/products/mobile-2.svg', category: 'Mobile', productId: 'p1', price: 320 };

describe('AdvertisementSection', () => {
  it('keeps its place with placeholders while the ads load', () => {
    mockFetch({ 'GET /api/advertise': () => pending() });
    renderWithApp(<AdvertisementSection />);
    expect(screen.getByTestId('ads-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Advertisement' })).toBeNull();
  });

  it("shows each ad with 'Try your best {name} now.' and a Buy Now link to category/{category}", async () => {
    mockFetch({ 'GET /api/advertise': { body: [ad] } });
    renderWithApp(<AdvertisementSection />);
    expect(await screen.findByRole('heading', { name: 'Advertisement' })).toBeInTheDocument();
    expect(screen.getByText('Try your best Pixel 7 now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Buy Now/ }).getAttribute('href')).toMatch(/category\/Mobile$/);
    expect(screen.queryByTestId('ads-placeholder')).toBeNull();
  });

  it("offers the cover's sizes when the ad has a stored photo, the plain img when it has none", async () => {
    const photo = {
      url: '/media/p/c1/640.webp',
      width: 640,
      height: 480,
      srcset: '/media/p/c1/400.webp 400w, /media/p/c1/640.webp 640w',
    };
    mockFetch({
      'GET /api/advertise': {
        body: [
          { ...ad, img: photo.url, photo },
          { ...ad, _id: 'a2', name: 'Old one' },
        ],
      },
    });
    renderWithApp(<AdvertisementSection />);
    const withPhoto = await screen.findByRole('img', { name: 'Pixel 7' });
    expect(withPhoto.getAttribute('srcset')).toBe(photo.srcset);
    expect(withPhoto.getAttribute('sizes')).toMatch(/40vw$/);
    const plain = screen.getByRole('img', { name: 'Old one' });
    expect(plain.getAttribute('src')).toBe(ad.img);
    expect(plain.getAttribute('srcset')).toBeNull();
  });

  it('is hidden when there are no ads, and when the list fails to load', async () => {
    for (const answer of [{ body: [] }, { status: 500, body: { error: 'internal_error', message: 'x' } }]) {
      mockFetch({ 'GET /api/advertise': answer });
      const { unmount } = renderWithApp(<AdvertisementSection />);
      await waitFor(() => expect(screen.queryByTestId('ads-placeholder')).toBeNull());
      expect(screen.queryByRole('heading', { name: 'Advertisement' })).toBeNull();
      unmount();
    }
  });
});
