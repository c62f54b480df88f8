import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useNearViewport } from './use-near-viewport';

function Section() {
  const [ref, near] = useNearViewport<HTMLElement>('200px');
  return <section ref={ref}>{near ? 'loaded' : 'waiting'}</section>;
}

/** Stands in for the browser's IntersectionObserver: a test says when the element comes near. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    public callback: (entries: Array<{ isIntersecting: boolean }>) => void,
    public options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

describe('useNearViewport', () => {
  it('stays false until the element comes within the margin, then true for good (the observer let go)', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Section />);
    const observer = FakeObserver.last!;
    expect(observer.options.rootMargin).toBe('200px');
    expect(observer.observed).toEqual([screen.getByText('waiting')]);

    act(() => observer.callback([{ isIntersecting: false }]));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(screen.getByText('loaded')).toBeInTheDocument();
    expect(observer.disconnected).toBe(true);
  });

  it('is true at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Section />);
    expect(screen.getByText('loaded')).toBeInTheDocument();
  });
});
