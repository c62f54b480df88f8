import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDismiss } from './use-dismiss';

function Menu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useDismiss(open, () => setOpen(false), root, opener);
  return (
    <>
      <p>Elsewhere</p>
      <div ref={root}>
        <button ref={opener} type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open ? <button type="button">Inside</button> : null}
      </div>
    </>
  );
}

describe('useDismiss', () => {
  it('closes on Escape (focus back on the opener) and on a press outside, not on one inside', async () => {
    render(<Menu />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Inside' }));
    expect(screen.getByRole('button', { name: 'Inside' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Inside' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('button', { name: 'Inside' })).not.toBeInTheDocument();
  });
});
