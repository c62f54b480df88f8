import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeetupSpot, Place } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { MeetupSpotsPage } from './meetup-spots-page';

const station: MeetupSpot = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Central Police Station',
  address: '1 Main St',
  placeId: null,
  lat: 23.8,
  lng: 90.4,
  hours: 'Daily 08:00-20:00',
};
const dhaka: Place = { id: 1185241, name: 'Dhaka', region: '81', country: 'BD', lat: 23.7104, lng: 90.4074 };

describe('Meetup spots (admin)', () => {
  it('lists the spots with their address and hours', async () => {
    mockFetch({ 'GET /api/meetup-spots': { body: [station] } });
    renderWithApp(<MeetupSpotsPage />);
    const list = await screen.findByRole('list', { name: 'Meetup spots' });
    expect(within(list).getByText('Central Police Station')).toBeInTheDocument();
    expect(within(list).getByText('1 Main St')).toBeInTheDocument();
    expect(within(list).getByText('Daily 08:00-20:00')).toBeInTheDocument();
  });

  it('shows the empty state and the error of a failed load', async () => {
    mockFetch({ 'GET /api/meetup-spots': { body: [] } });
    const { unmount } = renderWithApp(<MeetupSpotsPage />);
    expect(await screen.findByText('No meetup spots yet.')).toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /api/meetup-spots': { status: 500, body: { error: 'internal', message: 'Database is down' } } });
    renderWithApp(<MeetupSpotsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down');
  });

  it('adds a spot with the coordinates of the picked place', async () => {
    let spots: MeetupSpot[] = [];
    const { callTo } = mockFetch({
      'GET /api/meetup-spots': () => ({ body: spots }),
      'GET /api/places': { body: [dhaka] },
      'POST /api/meetup-spots': ({ body }) => {
        const added = { ...(body as MeetupSpot), _id: '22222222-2222-4222-8222-222222222222' };
        spots = [added];
        return { status: 201, body: added };
      },
    });
    renderWithApp(<MeetupSpotsPage />);
    await screen.findByText('No meetup spots yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add a spot' }));
    const form = screen.getByRole('form', { name: 'New meetup spot' });
    await userEvent.type(within(form).getByLabelText('Name'), 'City Mall entrance');
    await userEvent.type(within(form).getByLabelText('Address'), '5 Market Rd');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Town or city' }), 'Dhaka');
    await userEvent.click(await screen.findByRole('option', { name: /Dhaka/ }));
    expect(within(form).getByLabelText('Latitude')).toHaveValue('23.7104');
    await userEvent.type(within(form).getByLabelText('Opening hours'), 'Daily 10:00-22:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Add spot' }));
    expect(await screen.findByText('City Mall entrance')).toBeInTheDocument();
    expect(callTo('POST', '/api/meetup-spots').body).toEqual({
      name: 'City Mall entrance',
      address: '5 Market Rd',
      lat: 23.7104,
      lng: 90.4074,
      placeId: 1185241,
      hours: 'Daily 10:00-22:00',
    });
    expect(screen.queryByRole('form', { name: 'New meetup spot' })).not.toBeInTheDocument();
  });

  it('shows the server naming a bad field, and keeps the form', async () => {
    mockFetch({
      'GET /api/meetup-spots': { body: [] },
      'POST /api/meetup-spots': { status: 400, body: { error: 'validation', message: 'name: is required' } },
    });
    renderWithApp(<MeetupSpotsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a spot' }));
    const form = screen.getByRole('form', { name: 'New meetup spot' });
    await userEvent.type(within(form).getByLabelText('Name'), ' ');
    await userEvent.type(within(form).getByLabelText('Address'), '5 Market Rd');
    await userEvent.click(within(form).getByRole('button', { name: 'Add spot' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Pick a place or type the latitude and longitude.');
    await userEvent.type(within(form).getByLabelText('Latitude'), '23.7');
    await userEvent.type(within(form).getByLabelText('Longitude'), '90.4');
    await userEvent.click(within(form).getByRole('button', { name: 'Add spot' }));
    expect(await within(form).findByText('name: is required')).toBeInTheDocument();
  });

  it('edits a spot with its fields filled in', async () => {
    const { callTo } = mockFetch({
      'GET /api/meetup-spots': { body: [station] },
      [`PATCH /api/meetup-spots/${station._id}`]: ({ body }) => ({ body: { ...station, ...(body as object) } }),
    });
    renderWithApp(<MeetupSpotsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Central Police Station' }));
    const form = screen.getByRole('form', { name: 'Edit Central Police Station' });
    expect(within(form).getByLabelText('Longitude')).toHaveValue('90.4');
    const hours = within(form).getByLabelText('Opening hours');
    await userEvent.clear(hours);
    await userEvent.type(hours, 'Open 24 hours');
    await userEvent.click(within(form).getByRole('button', { name: 'Save spot' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(callTo('PATCH', `/api/meetup-spots/${station._id}`).body).toMatchObject({ hours: 'Open 24 hours', lat: 23.8 });
  });

  it('deletes a spot only after the confirm dialog', async () => {
    let spots = [station];
    const { callsTo } = mockFetch({
      'GET /api/meetup-spots': () => ({ body: spots }),
      [`DELETE /api/meetup-spots/${station._id}`]: () => {
        spots = [];
        return { body: { acknowledged: true, deletedCount: 1 } };
      },
    });
    renderWithApp(<MeetupSpotsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Central Police Station' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this meetup spot?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE', `/api/meetup-spots/${station._id}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Central Police Station' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this meetup spot?' })).getByRole('button', {
        name: 'Delete spot',
      }),
    );
    expect(await screen.findByText('No meetup spots yet.')).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/meetup-spots/${station._id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
