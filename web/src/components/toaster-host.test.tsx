import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

describe('ToasterHost', () => {
  it('puts no toast library on the page until the first toast, and shows that toast once it has loaded', async () => {
    // The toast module as a page first loads it: test files share a worker (vitest.config.ts,
    // isolate: false), and an earlier file's toast has loaded the library already.
    vi.resetModules();
    const { AppProviders } = await import('@/app/providers');
    const { toast } = await import('@/lib/toast');
    const { testQueryClient } = await import('@/test/render');
    const { container } = render(
      <AppProviders queryClient={testQueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    // Time enough for a Toaster mounted up front to have loaded and drawn its region.
    await act(async () => {
      await import('sonner');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByLabelText(/Notifications/)).not.toBeInTheDocument();
    expect(container.ownerDocument.querySelector('[data-sonner-toaster]')).toBeNull();

    toast.success('Saved your changes');
    toast.error('And this one too');
    expect(await screen.findByText('Saved your changes')).toBeInTheDocument();
    expect(await screen.findByText('And this one too')).toBeInTheDocument();
    expect(screen.getByLabelText(/Notifications/)).toBeInTheDocument();
  });
});
