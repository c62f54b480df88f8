import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Img } from './img';

describe('Img', () => {
  it('lazy-loads with an intrinsic size (no layout shift)', () => {
    render(<Img src="/images/products/laptop-1.svg" alt="MacBook" width={400} height={300} />);
    const img = screen.getByRole('img', { name: 'MacBook' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
    expect(img.style.aspectRatio).toBe('400 / 300');
  });

  it('falls back to the neutral picture once when the URL fails', () => {
    render(<Img src="https://broken.example/x.png" alt="Broken" width={400} height={300} />);
    const img = screen.getByRole('img', { name: 'Broken' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/images/fallback.svg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/images/fallback.svg');
  });

  it('uses the fallback for an empty URL and loads eagerly when it is a priority', () => {
    render(<Img src="" alt="Nothing" width={10} height={10} priority />);
    const img = screen.getByRole('img', { name: 'Nothing' });
    expect(img).toHaveAttribute('src', '/images/fallback.svg');
    expect(img).toHaveAttribute('loading', 'eager');
  });
});
