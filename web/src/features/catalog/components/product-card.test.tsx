import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { product } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { ProductCard } from './product-card';

describe('ProductCard', () => {
  it("draws its details and Buy now for a wide layout; a phone's card leaves them out, keeping name, price, place and tick", () => {
    const wide = renderWithApp(<ProductCard product={product} onBuy={() => {}} />, { user: null });
    expect(screen.getByText('Original price')).toBeInTheDocument();
    expect(screen.getByText('Sally Seller')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Buy now: ${product.name}` })).toBeInTheDocument();
    const wideElements = wide.container.querySelectorAll('*').length;
    wide.unmount();

    const phone = renderWithApp(<ProductCard product={product} onBuy={() => {}} />, { user: null, phone: true });
    expect(screen.getByRole('link', { name: product.name })).toHaveAttribute('href', `/product/${product._id}`);
    expect(screen.getByText('$1,234.00')).toBeInTheDocument();
    expect(screen.getByText('Dhaka')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(screen.queryByText('Original price')).not.toBeInTheDocument();
    expect(screen.queryByText('Sally Seller')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy now/ })).not.toBeInTheDocument();
    expect(phone.container.querySelectorAll('*').length).toBeLessThan(wideElements - 20);
  });

  it("keeps a given action (the seller's Ad button) on a phone", () => {
    renderWithApp(<ProductCard product={product} action={<button type="button">Advertise</button>} />, {
      user: null,
      phone: true,
    });
    expect(screen.getByRole('button', { name: 'Advertise' })).toBeInTheDocument();
  });
});
