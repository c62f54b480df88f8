import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeXhr } from '@/test/fake-xhr';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { AddProductForm } from './add-product-form';

const seller = { id: 'u-s', name: 'Sally', email: 'seller@shop.test', role: 'seller' as const, verified: true };
const PHOTO_ID = '33333333-3333-4333-8333-333333333333';

/** POST /api/uploads answered 201 after reporting its progress (the picker uploads through XMLHttpRequest). */
const FakeUpload = fakeXhr(
  {
    status: 201,
    body: JSON.stringify({
      _id: PHOTO_ID,
      url: `/media/p/${PHOTO_ID}/800.webp`,
      width: 800,
      height: 600,
      srcset: `/media/p/${PHOTO_ID}/400.webp 400w, /media/p/${PHOTO_ID}/800.webp 800w`,
    }),
  },
  {},
  10,
);

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});
afterEach(() => vi.unstubAllGlobals());

async function fillValid() {
  await userEvent.type(await screen.findByLabelText('Product name'), 'Canon EOS 80D');
  await userEvent.selectOptions(screen.getByLabelText('Brand (category)'), 'Camera');
  await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Good');
  await userEvent.type(screen.getByLabelText('Price (USD)'), '450');
  await userEvent.type(screen.getByLabelText('Original price (USD)'), '999.99');
  await userEvent.type(screen.getByLabelText('Years used'), '3');
  await userEvent.type(screen.getByLabelText('Location'), 'Chattogram');
  await userEvent.type(screen.getByLabelText('Phone number'), '+8801700000001');
  await userEvent.upload(
    screen.getByLabelText('Choose photos'),
    new File([new Uint8Array([0xff, 0xd8, 0xff])], 'camera.jpg', { type: 'image/jpeg' }),
  );
  // The preview shows at once (a blob URL); the stored photo's URL once the upload is answered.
  const cover = await screen.findByAltText('Upload 1 (cover): camera.jpg');
  await waitFor(() => expect(cover).toHaveAttribute('src', `/media/p/${PHOTO_ID}/400.webp`));
  // The camera's condition report (every answer allows Good).
  await userEvent.type(screen.getByLabelText('Shutter count'), '60000');
  await userEvent.selectOptions(screen.getByLabelText('Body'), 'B');
  await userEvent.selectOptions(screen.getByLabelText('Screen'), 'flawless');
  await userEvent.selectOptions(screen.getByLabelText('Ports and charging'), 'works');
  await userEvent.selectOptions(screen.getByLabelText('Original box'), 'yes');
}

describe('AddProductForm (every field required)', () => {
  it('shows a required message under every field of an empty form and sends nothing', async () => {
    const { callsTo } = mockFetch({});
    renderWithApp(<AddProductForm onSuccess={vi.fn()} />, { user: seller });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    for (const message of [
      'Product name is required',
      'Brand is required',
      'Price is required',
      'Original price is required',
      'Location is required',
      'Phone number is required',
      'Condition is required',
      'Years used is required',
      'Photos must have at least one photo',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Price (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Description (optional)')).not.toHaveAttribute('aria-invalid');
    expect(callsTo('POST', '/api/products')).toHaveLength(0);
  });

  it('explains a value that is not a number', async () => {
    mockFetch({});
    renderWithApp(<AddProductForm onSuccess={vi.fn()} />, { user: seller });
    await fillValid();
    await userEvent.clear(screen.getByLabelText('Price (USD)'));
    await userEvent.type(screen.getByLabelText('Price (USD)'), 'cheap');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Price must be a number, like 1299 or 1,299.50')).toBeInTheDocument();
  });

  it('takes prices typed with thousands separators and posts them as numbers', async () => {
    const { callTo } = mockFetch({ 'POST /api/products': { status: 201, body: { acknowledged: true, insertedId: 'p9' } } });
    const onSuccess = vi.fn();
    renderWithApp(<AddProductForm onSuccess={onSuccess} />, { user: seller });
    await fillValid();
    await userEvent.clear(screen.getByLabelText('Price (USD)'));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '1,299');
    await userEvent.clear(screen.getByLabelText('Original price (USD)'));
    await userEvent.type(screen.getByLabelText('Original price (USD)'), '2 499.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(callTo('POST', '/api/products').body).toMatchObject({ price: 1299, original_price: 2499.5 });
  });

  it('refuses an amount that reads two ways, naming the field and what to write', async () => {
    const { callsTo } = mockFetch({});
    renderWithApp(<AddProductForm onSuccess={vi.fn()} />, { user: seller });
    await fillValid();
    await userEvent.clear(screen.getByLabelText('Price (USD)'));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '1.299,50');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Price must use "." for cents, like 1299.50 or 1,299.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Price (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/products')).toHaveLength(0);
  });

  it('posts the product and reports success', async () => {
    const { callTo } = mockFetch({ 'POST /api/products': { status: 201, body: { acknowledged: true, insertedId: 'p9' } } });
    const onSuccess = vi.fn();
    renderWithApp(<AddProductForm onSuccess={onSuccess} />, { user: seller });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(callTo('POST', '/api/products').body).toEqual({
      name: 'Canon EOS 80D',
      category: 'Camera',
      condition: 'Good',
      price: 450,
      original_price: 999.99,
      used_year: 3,
      location: 'Chattogram',
      number: '+8801700000001',
      photos: [PHOTO_ID],
      description: '',
      conditionReport: {
        shutterCount: { value: '60000' },
        body: { value: 'B' },
        screen: { value: 'flawless' },
        ports: { value: 'works' },
        accessories: { value: '' },
        originalBox: { value: 'yes' },
      },
    });
  });

  it('shows a server field error under that field and keeps what was typed', async () => {
    mockFetch({
      'POST /api/products': {
        status: 400,
        body: { error: 'validation_error', message: 'Price must be at most 1000000', field: 'price' },
      },
    });
    const onSuccess = vi.fn();
    renderWithApp(<AddProductForm onSuccess={onSuccess} />, { user: seller });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const message = await screen.findByText('Price must be at most 1000000');
    expect(screen.getByLabelText('Price (USD)')).toHaveAttribute('aria-describedby', expect.stringContaining(message.id));
    expect(screen.getByLabelText('Product name')).toHaveValue('Canon EOS 80D');
    expect(screen.getByLabelText('Brand (category)')).toHaveValue('Camera');
    expect(screen.getByAltText('Upload 1 (cover): camera.jpg')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows a refusal without a field above the button', async () => {
    mockFetch({ 'POST /api/products': { status: 403, body: { error: 'forbidden', message: 'Only sellers can add products.' } } });
    renderWithApp(<AddProductForm onSuccess={vi.fn()} />, { user: seller });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Only sellers can add products.')).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveValue('Chattogram');
  });
});
