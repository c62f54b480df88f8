import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { LINK_COPIED, ShareButton } from './share-button';

const PATH = '/product/00000000-0000-4000-8000-000000000001';
const URL_OF = `${window.location.origin}${PATH}`;

function stubNavigator(props: Partial<Pick<Navigator, 'share' | 'canShare' | 'clipboard'>>) {
  for (const [key, value] of Object.entries(props)) {
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
  }
}

afterEach(() => {
  for (const key of ['share', 'canShare', 'clipboard']) Reflect.deleteProperty(navigator, key);
});

const renderButton = () => renderWithApp(<ShareButton title="MacBook Air M1" path={PATH} />);

describe('ShareButton', () => {
  it("opens the phone's share sheet with the product's name and full link", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator({ share, canShare: () => true, clipboard: { writeText } as unknown as Clipboard });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'MacBook Air M1', url: URL_OF });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('without the Web Share API, copies the link and says so in a toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator({ clipboard: { writeText } as unknown as Clipboard });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_OF));
    expect(await screen.findByText(LINK_COPIED)).toBeInTheDocument();
  });

  it('closing the share sheet copies nothing; a refused share falls back to copying', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const share = vi.fn().mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
    stubNavigator({ share, clipboard: { writeText } as unknown as Clipboard });
    renderButton();
    const button = screen.getByRole('button', { name: 'Share' });
    await userEvent.click(button);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(writeText).not.toHaveBeenCalled();

    share.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'));
    await userEvent.click(button);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_OF));
  });

  it('with no clipboard either, shows the link to copy by hand', async () => {
    const writeText = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    stubNavigator({ clipboard: { writeText } as unknown as Clipboard });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(URL_OF)).toBeInTheDocument();
  });
});
