import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Camera, QrCode } from 'lucide-react';
import { codeFromScan } from '@shop/contract';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useConfirmHandoff } from '../api/handoff';

/** The browser's own QR reader (Chrome on Android, among others); no decoder package ships with the shop. */
type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (opts: { formats: string[] }) => Detector;
const detectorClass = (): DetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector
    : null;

/** The phone's camera, read by BarcodeDetector until it sees a hand-off QR code. */
function Scanner({ onCode, onStop }: { onCode: (code: string) => void; onStop: (why?: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const Reader = detectorClass();
    if (!Reader || !navigator.mediaDevices?.getUserMedia) {
      onStop('This browser cannot use the camera here: type the code instead.');
      return;
    }
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const reader = new Reader({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        const look = async () => {
          if (stopped || !video.current) return;
          const found = await reader.detect(video.current).catch(() => []);
          const code = found.map((f) => codeFromScan(f.rawValue)).find((c) => c);
          if (code) onCode(code);
          else timer = window.setTimeout(look, 250);
        };
        void look();
      })
      .catch(() => onStop('The camera could not be opened: type the code instead.'));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [onCode, onStop]);
  return (
    <div className="flex flex-col gap-2">
      <video
        ref={video}
        aria-label="Camera preview"
        className="aspect-square w-full rounded-box bg-black object-cover"
        muted
        playsInline
      />
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onStop()}>
        Stop the camera
      </button>
    </div>
  );
}

/**
 * The seller's "Confirm hand-off" for a paid (held) booking: scan the buyer's QR code with the
 * phone's camera where the browser can read QR codes, or type the 6-digit code. The code is never
 * shown to the seller; a right one captures the money and completes the order for both at once.
 */
export function ConfirmHandoff({ orderId, buyerName }: { orderId: string; buyerName: string }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const confirm = useConfirmHandoff(orderId);
  const fieldId = useId();
  const errorId = useId();
  const canScan = !!detectorClass();

  const send = useCallback(
    (value: string) => {
      const typed = codeFromScan(value);
      if (!typed) {
        setError('Type the 6 digits the buyer shows you.');
        return;
      }
      setError(null);
      confirm.mutate(typed, {
        onSuccess: () => {
          toast.success(`Handed over to ${buyerName}: the payment is yours.`);
          setOpen(false);
          setCode('');
        },
        onError: (err) => setError(errorMessage(err)),
      });
    },
    [confirm, buyerName],
  );
  const onScanned = useCallback(
    (scanned: string) => {
      setScanning(false);
      send(scanned);
    },
    [send],
  );
  const onStop = useCallback((why?: string) => {
    setScanning(false);
    if (why) setNote(why);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(code);
  };

  return (
    <>
      <button type="button" className="btn btn-primary btn-sm mt-2" onClick={() => setOpen(true)}>
        <QrCode size={16} aria-hidden="true" />
        Confirm hand-off
      </button>
      <Modal
        open={open}
        onClose={() => {
          setScanning(false);
          setOpen(false);
        }}
        title={`Confirm the hand-off to ${buyerName}`}
      >
        <p className="text-sm text-base-content/80">
          Ask the buyer for the code on their order. The payment is taken when the code is right; five wrong codes lock confirming
          for an hour.
        </p>
        {scanning ? (
          <Scanner onCode={onScanned} onStop={onStop} />
        ) : canScan ? (
          <button type="button" className="btn btn-outline btn-sm mt-3" onClick={() => setScanning(true)}>
            <Camera size={16} aria-hidden="true" />
            Scan the buyer's QR code
          </button>
        ) : (
          <p className="mt-3 text-sm text-base-content/70">This browser cannot scan QR codes here: type the code instead.</p>
        )}
        {note ? (
          <p role="status" className="mt-2 text-sm">
            {note}
          </p>
        ) : null}
        <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Buyer's 6-digit code
          </label>
          <input
            id={fieldId}
            className="input input-bordered w-full font-mono text-xl tracking-[0.3em]"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/[^\d ]/g, ''))}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            data-autofocus
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Confirm hand-off'}
          </button>
        </form>
      </Modal>
    </>
  );
}
