import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const decodeQrFrame = vi.hoisted(() => vi.fn((_frame: { width: number; height: number }): string | null => null));
vi.mock('./qr-frame', () => ({ decodeQrFrame }));

// Loaded afresh, after the mock: test files share a worker (vitest.config.ts, isolate: false), and an
// earlier file may have loaded the component with the real decoder. The app around it comes from the
// same fresh load, so its contexts are the ones the component reads.
let mockFetch: typeof import('@/test/fetch-mock').mockFetch;
let renderWithApp: typeof import('@/test/render').renderWithApp;
let ConfirmHandoff: typeof import('./confirm-handoff').ConfirmHandoff;
beforeAll(async () => {
  vi.resetModules();
  ({ mockFetch } = await import('@/test/fetch-mock'));
  ({ renderWithApp } = await import('@/test/render'));
  ({ ConfirmHandoff } = await import('./confirm-handoff'));
});

const seller = { id: 'u-s', name: 'Sally', email: 'seller@shop.test', role: 'seller' as const, verified: true };
const orderId = '66666666-6666-4666-8666-666666666666';
const path = `/api/orders/${orderId}/handoff/confirm`;

/** A camera that opens, with one track to be released, and a video element that plays its frames. */
function fakeCamera() {
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(720);
  return { track, getUserMedia };
}

async function open() {
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm hand-off' }));
  return screen.findByRole('dialog', { name: 'Confirm the hand-off to Bo Booker' });
}

describe('ConfirmHandoff', () => {
  afterEach(() => {
    delete (window as unknown as { BarcodeDetector?: unknown }).BarcodeDetector;
    delete (navigator as unknown as { mediaDevices?: unknown }).mediaDevices;
    vi.restoreAllMocks();
    decodeQrFrame.mockReset().mockReturnValue(null);
  });

  it('without a camera offers typing only, checks the 6 digits, and shows the server’s wrong-code answer', async () => {
    const { callsTo } = mockFetch({
      [`POST ${path}`]: ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { status: 'completed' } }
          : {
              status: 400,
              body: {
                error: 'wrong_code',
                field: 'code',
                message: 'That code does not match this order: 4 tries left before the hand-off locks for an hour.',
              },
            },
    });
    renderWithApp(<ConfirmHandoff orderId={orderId} buyerName="Bo Booker" />, { user: seller });
    const dialog = await open();
    expect(dialog).toHaveTextContent('This browser cannot open the camera here: type the code instead.');
    expect(screen.queryByRole('button', { name: "Scan the buyer's QR code" })).not.toBeInTheDocument();
    const field = screen.getByLabelText("Buyer's 6-digit code");
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveFocus();

    await userEvent.type(field, '12');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Type the 6 digits the buyer shows you.');
    expect(callsTo('POST', path)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '000000{Enter}');
    expect(await screen.findByText(/4 tries left/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, '123456{Enter}');
    expect(await screen.findByText('Handed over to Bo Booker: the payment is yours.')).toBeInTheDocument();
    expect(callsTo('POST', path).map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('without BarcodeDetector reads the camera’s frames with jsQR, confirms the code it finds and releases the camera', async () => {
    const { track, getUserMedia } = fakeCamera();
    const frame = { data: new Uint8ClampedArray(640 * 360 * 4), width: 640, height: 360 };
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
      getImageData: () => frame,
    } as unknown as CanvasRenderingContext2D);
    decodeQrFrame
      .mockReturnValueOnce(null)
      .mockReturnValueOnce('not a hand-off code')
      .mockReturnValue('shop-handoff:66666666-6666-4666-8666-666666666666:654321');
    const { callsTo } = mockFetch({ [`POST ${path}`]: { body: { status: 'completed' } } });
    renderWithApp(<ConfirmHandoff orderId={orderId} buyerName="Bo Booker" />, { user: seller });
    await open();
    expect(screen.getByLabelText("Buyer's 6-digit code")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Scan the buyer's QR code" }));
    expect(screen.getByLabelText('Camera preview')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop the camera' })).toHaveFocus();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });

    // Toasts of earlier tests linger, so the request tells that this scan confirmed.
    await waitFor(() => expect(callsTo('POST', path).map((c) => c.body)).toEqual([{ code: '654321' }]), { timeout: 3000 });
    expect(decodeQrFrame).toHaveBeenCalledTimes(3);
    expect(decodeQrFrame).toHaveBeenCalledWith(frame);
    // A 1280×720 frame is scaled down before decoding, so slow phones keep up.
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, 640, 360);
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it('stops reading frames and releases the camera when the seller stops it', async () => {
    const { track } = fakeCamera();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
      getImageData: () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 }),
    } as unknown as CanvasRenderingContext2D);
    mockFetch({});
    renderWithApp(<ConfirmHandoff orderId={orderId} buyerName="Bo Booker" />, { user: seller });
    await open();
    await userEvent.click(screen.getByRole('button', { name: "Scan the buyer's QR code" }));
    await waitFor(() => expect(decodeQrFrame).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Stop the camera' }));
    expect(track.stop).toHaveBeenCalled();
    const reads = decodeQrFrame.mock.calls.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(decodeQrFrame).toHaveBeenCalledTimes(reads);
    expect(screen.queryByLabelText('Camera preview')).not.toBeInTheDocument();
  });

  it('uses BarcodeDetector rather than jsQR where the browser has it', async () => {
    fakeCamera();
    const detect = vi.fn(async () => [{ rawValue: 'shop-handoff:66666666-6666-4666-8666-666666666666:111222' }]);
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = class {
      detect = detect;
    };
    const { callsTo } = mockFetch({ [`POST ${path}`]: { body: { status: 'completed' } } });
    renderWithApp(<ConfirmHandoff orderId={orderId} buyerName="Bo Booker" />, { user: seller });
    await open();
    await userEvent.click(screen.getByRole('button', { name: "Scan the buyer's QR code" }));
    await waitFor(() => expect(callsTo('POST', path).map((c) => c.body)).toEqual([{ code: '111222' }]));
    expect(detect).toHaveBeenCalled();
    expect(decodeQrFrame).not.toHaveBeenCalled();
  });
});
