import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';
import { codeFromScan, handoffQrText } from '@shop/contract';
import { decodeQrFrame, type Frame } from './qr-frame';

const QUIET = 4;
const SCALE = 4;

/** The QR code the buyer's order shows, drawn as a camera frame: black modules on white, a quiet zone round it. */
function qrFrame(text: string): Frame {
  const svg = renderToStaticMarkup(<QRCodeSVG value={text} />);
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const dark = /<path fill="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const modules = size + 2 * QUIET;
  const width = modules * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of dark.matchAll(/M(\d+)[ ,](\d+)\s*h(\d+)v1H\d+z/g)) {
    for (let mx = Number(x); mx < Number(x) + Number(run); mx++) {
      for (let py = 0; py < SCALE; py++) {
        for (let px = 0; px < SCALE; px++) {
          const at = (((Number(y) + QUIET) * SCALE + py) * width + (mx + QUIET) * SCALE + px) * 4;
          data.fill(0, at, at + 3);
        }
      }
    }
  }
  return { data, width, height: width };
}

describe('decodeQrFrame', () => {
  it('reads the hand-off QR code the buyer shows, as the scanner then takes its code', () => {
    const text = handoffQrText('66666666-6666-4666-8666-666666666666', '048213');
    const read = decodeQrFrame(qrFrame(text));
    expect(read).toBe(text);
    expect(codeFromScan(read ?? '')).toBe('048213');
  });

  it('finds nothing in a blank or empty frame', () => {
    const width = 120;
    expect(decodeQrFrame({ data: new Uint8ClampedArray(width * width * 4).fill(255), width, height: width })).toBeNull();
    expect(decodeQrFrame({ data: new Uint8ClampedArray(0), width: 0, height: 0 })).toBeNull();
  });
});
