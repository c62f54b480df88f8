import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Device } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { DevicePicker } from './device-picker';

const iphone: Device = {
  id: '11111111-1111-4111-8111-111111111111',
  category: 'Mobile',
  brand: 'Apple',
  model: 'iPhone 13',
  name: 'Apple iPhone 13',
  releaseYear: 2021,
  colours: ['Midnight', 'Blue'],
  variants: [
    { key: 's128gb', label: '128 GB', storage: '128 GB' },
    { key: 's256gb', label: '256 GB', storage: '256 GB' },
  ],
  aliases: [],
  retired: false,
};

describe('"What are you selling?"', () => {
  it('asks the catalogue as one types and picks a model with the keyboard', async () => {
    const { callsTo } = mockFetch({ 'GET /api/devices': { body: [iphone] } });
    const onChange = vi.fn();
    renderWithApp(<DevicePicker value={null} onChange={onChange} onNotListed={() => {}} />);
    const box = await screen.findByRole('combobox', { name: 'What are you selling?' });
    await userEvent.type(box, 'iphnoe 13');
    expect(await screen.findByRole('option', { name: /Apple iPhone 13/ })).toBeInTheDocument();
    expect(callsTo('GET', '/api/devices').at(-1)?.url.searchParams.get('q')).toBe('iphnoe 13');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith({ device: iphone, variant: '', colour: '' });
  });

  it('shows the picked model with its variant and colour choices', async () => {
    mockFetch({});
    const onChange = vi.fn();
    renderWithApp(
      <DevicePicker value={{ device: iphone, variant: '', colour: '' }} onChange={onChange} onNotListed={() => {}} />,
    );
    await userEvent.selectOptions(await screen.findByLabelText('Variant'), '256 GB');
    expect(onChange).toHaveBeenLastCalledWith({ device: iphone, variant: 's256gb', colour: '' });
    await userEvent.selectOptions(screen.getByLabelText('Colour'), 'Blue');
    expect(onChange).toHaveBeenLastCalledWith({ device: iphone, variant: '', colour: 'Blue' });
  });

  it('"Not in the list" leaves the form to the seller', async () => {
    mockFetch({});
    const onNotListed = vi.fn();
    renderWithApp(<DevicePicker value={null} onChange={() => {}} onNotListed={onNotListed} />);
    await userEvent.click(await screen.findByRole('button', { name: /Not in the list\? Fill in the form yourself/ }));
    expect(onNotListed).toHaveBeenCalled();
  });
});
