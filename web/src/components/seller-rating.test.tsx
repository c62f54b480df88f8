import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SellerRating } from './seller-rating';

describe('SellerRating', () => {
  it('reads as one phrase: the average and how many reviews', () => {
    render(<SellerRating rating={4.5} count={12} />);
    const rating = screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 12 reviews' });
    expect(rating).toHaveTextContent('4.5(12)');
  });

  it('one review, and none', () => {
    const { rerender } = render(<SellerRating rating={5} count={1} />);
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeInTheDocument();
    rerender(<SellerRating rating={null} count={0} />);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
  });
});
