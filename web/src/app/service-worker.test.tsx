import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Workbox } from 'workbox-window';
import { renderWithApp } from '@/test/render';
import { registerServiceWorker, UPDATE_ACTION, UPDATE_TEXT } from './service-worker';

/** Stands in for workbox-window's Workbox: records what the app does and lets a test fire its events. */
class FakeWorkbox {
  static last: FakeWorkbox;
  listeners = new Map<string, Array<() => void>>();
  register = vi.fn().mockResolvedValue(undefined);
  messageSkipWaiting = vi.fn();
  constructor(
    public url: string,
    public options: object,
  ) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

const load = async () => ({ Workbox: FakeWorkbox as unknown as typeof Workbox });

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site; a waiting new version asks first, and Reload hands over and reloads', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderWithApp(<p>page</p>);

    await registerServiceWorker(load);
    const wb = FakeWorkbox.last;
    expect(wb.url).toBe('/sw.js');
    expect(wb.options).toEqual({ scope: '/' });
    expect(wb.register).toHaveBeenCalledTimes(1);

    wb.fire('waiting');
    expect(await screen.findByText(UPDATE_TEXT)).toBeInTheDocument();
    // Nothing changes until the person says so.
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    // A click only: the toast's swipe handling wants pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: UPDATE_ACTION }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('does nothing where browsers have no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const loader = vi.fn(load);
    expect(await registerServiceWorker(loader)).toBeNull();
    expect(loader).not.toHaveBeenCalled();
  });
});
