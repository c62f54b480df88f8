import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDetail } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { product as baseProduct } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { AddProductForm } from './add-product-form';

const seller = { id: 'u-s', name: 'Sally', email: 'seller@shop.test', role: 'seller' as const, verified: true };
const PHOTO = '33333333-3333-4333-8333-333333333333';

const laptop: ProductDetail = {
  ...baseProduct,
  condition: 'Good',
  photos: [{ url: `/media/p/${PHOTO}/800.webp`, width: 800, height: 600, srcset: '' }],
  conditionReport: {
    batteryCycles: { value: 320 },
    keyboard: { value: 'works' },
    screen: { value: 'light_scratches', note: 'Two hairlines' },
    body: { value: 'A' },
    ports: { value: 'works' },
    chargerIncluded: { value: 'yes' },
    accessories: { value: 'Sleeve' },
    originalBox: { value: 'no' },
  },
};

describe('the condition report in the add/edit form', () => {
  it('asks the category’s questions and suggests the grade; a flaw lowers a higher grade and gets its note and photo', async () => {
    mockFetch({});
    renderWithApp(<AddProductForm onSuccess={vi.fn()} />, { user: seller });
    expect(await screen.findByText('Choose a category to fill in its condition report.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Brand (category)'), 'Mobile');
    const report = screen.getByRole('group', { name: 'Condition report' });
    for (const label of [
      'Battery health (%)',
      'Screen',
      'Body',
      'Face ID / Touch ID',
      'Cameras',
      'Speakers',
      'Carrier lock',
      'Original box',
    ])
      expect(within(report).getByLabelText(label)).toBeInTheDocument();
    expect(within(report).queryByLabelText('Battery cycle count')).not.toBeInTheDocument();
    expect(screen.getByText(/Suggested grade from your answers/)).toHaveTextContent('Excellent');

    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Excellent');
    await userEvent.selectOptions(within(report).getByLabelText('Screen'), 'cracked');
    expect(screen.getByText(/Suggested grade from your answers/)).toHaveTextContent('Fair');
    await waitFor(() => expect(screen.getByLabelText('Condition')).toHaveValue('Fair'));
    expect(screen.getByRole('option', { name: 'Excellent' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Good' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Fair' })).not.toBeDisabled();
    expect(within(report).getByLabelText('Screen: what buyers should know (optional)')).toBeInTheDocument();
    expect(within(report).getByLabelText('Photo of this flaw (optional)')).toHaveAttribute('type', 'file');

    await userEvent.type(within(report).getByLabelText('Battery health (%)'), '85');
    await userEvent.selectOptions(within(report).getByLabelText('Screen'), 'flawless');
    expect(screen.getByText(/Suggested grade from your answers/)).toHaveTextContent('Good');
    expect(screen.getByRole('option', { name: 'Excellent' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Good' })).not.toBeDisabled();
  });

  it('laptops get cycle count, keyboard and charger', async () => {
    mockFetch({});
    renderWithApp(<AddProductForm onSuccess={vi.fn()} />, { user: seller });
    await userEvent.selectOptions(await screen.findByLabelText('Brand (category)'), 'Laptop');
    const report = screen.getByRole('group', { name: 'Condition report' });
    for (const label of ['Battery cycle count', 'Keyboard', 'Charger included', 'Accessories included', 'Original box'])
      expect(within(report).getByLabelText(label)).toBeInTheDocument();
    expect(within(report).queryByLabelText('Face ID / Touch ID')).not.toBeInTheDocument();
  });

  it('edits an item: filled in, category fixed, PATCH with the report and without unchanged photos', async () => {
    const { callTo } = mockFetch({ [`PATCH /api/products/${laptop._id}`]: { status: 200, body: laptop } });
    const onSuccess = vi.fn();
    renderWithApp(<AddProductForm product={laptop} onSuccess={onSuccess} />, { user: seller });
    const form = await screen.findByRole('form', { name: 'Edit product' });
    expect(within(form).getByLabelText('Brand (category)')).toBeDisabled();
    expect(within(form).getByLabelText('Screen: what buyers should know (optional)')).toHaveValue('Two hairlines');
    const price = within(form).getByLabelText('Price (USD)');
    await userEvent.clear(price);
    await userEvent.type(price, '999');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const body = callTo('PATCH', `/api/products/${laptop._id}`).body as Record<string, unknown>;
    expect(body).toMatchObject({ price: 999, condition: 'Good', name: laptop.name });
    expect(body).not.toHaveProperty('category');
    expect(body).not.toHaveProperty('photos');
    expect(body.conditionReport).toMatchObject({
      batteryCycles: { value: '320' },
      screen: { value: 'light_scratches', note: 'Two hairlines' },
    });
  });
});
