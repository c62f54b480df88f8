import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeXhr } from '@/test/fake-xhr';
import { PhotoPicker } from './photo-picker';

const REFUSAL = 'You uploaded 60 photos in the last hour, the most we take. Try again in 12 minutes.';

beforeEach(() => {
  // POST /api/uploads refused by the server (the hourly cap), after its progress.
  vi.stubGlobal(
    'XMLHttpRequest',
    fakeXhr({ status: 429, body: JSON.stringify({ error: 'rate_limited', message: REFUSAL }) }, {}, 300),
  );
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('PhotoPicker', () => {
  it('a photo the server refuses leaves the list (no broken cover) and the refusal is shown', async () => {
    const onChange = vi.fn();
    render(<PhotoPicker onChange={onChange} />);
    await userEvent.upload(
      screen.getByLabelText('Choose photos'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'camera.jpg', { type: 'image/jpeg' }),
    );
    // While it uploads, its preview is the cover.
    expect(screen.getByAltText('Upload 1 (cover): camera.jpg')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`camera.jpg was not added: ${REFUSAL}`));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Cover')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('photo-item')).toHaveLength(0);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    // The form is told: no photo, none uploading (so it asks for one rather than waiting).
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([], 0));
  });
});
