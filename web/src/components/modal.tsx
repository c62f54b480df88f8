import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useScrollLock } from '@/hooks/use-scroll-lock';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Extra classes for the box (e.g. a width). */
  className?: string;
}

/**
 * A native modal <dialog>: the browser makes the rest of the page inert (focus stays inside),
 * Esc closes it and focus returns to the opener. Content mounts only while open, so forms
 * start fresh each time. On opening, focus goes to the control marked `data-autofocus`, else to
 * the first control (the Close button). React's autoFocus cannot do this: it focuses while the
 * dialog is still closed, where nothing can take focus.
 */
export function Modal({ open, onClose, title, children, className = '' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useScrollLock(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={() => onCloseRef.current()}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      {open ? (
        <div className={`modal-box ${className}`}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button
              type="button"
              className="btn btn-circle btn-ghost btn-sm"
              aria-label="Close"
              onClick={() => onCloseRef.current()}
            >
              <X size={18} aria-hidden="true" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
      <div className="modal-backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
    </dialog>
  );
}
