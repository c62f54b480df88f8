import jsQR from 'jsqr';

/** The pixels of one camera frame, as a canvas's getImageData returns them (RGBA, row by row). */
export type Frame = { data: Uint8ClampedArray; width: number; height: number };

/** The text of the QR code in a frame, or null when it holds none that can be read. */
export function decodeQrFrame(frame: Frame): string | null {
  if (frame.width === 0 || frame.height === 0) return null;
  // The shop's codes are dark on light; skipping the inverted pass halves the work per frame on slow phones.
  return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}
