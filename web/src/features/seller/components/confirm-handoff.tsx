import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Camera, QrCode } from 'lucide-react';
import { codeFromScan } from '@shop/contract';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useConfirmHandoff } from '../api/handoff';
import { decodeQrFrame } from './qr-frame';

/** The browser's own QR reader (Chrome on Android, among others), used where present as it is faster. */
type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (opts: { formats: string[] }) => Detector;
const detectorClass = (): DetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector
    : null;
const hasCamera = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/** How often a frame is read: often enough to feel instant, rarely enough to leave a slow phone's CPU free. */
const SCAN_EVERY_MS = 200;
/** Frames are scaled down to this many pixels on the longer side before jsQR reads them. */
const FRAME_MAX = 640;

/** Elsewhere the frame is drawn to a canvas and decoded in JavaScript by jsQR. */
function canvasReader(): (video: HTMLVideoElement) => string[] {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    const { videoWidth: w, videoHeight: h } = video;
    if (!context || !w || !h) return [];
    const scale = Math.min(1, FRAME_MAX / Math.max(w, h));
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const text = decodeQrFrame(context.getImageData(0, 0, canvas.width, canvas.height));
    return text === null ? [] : [text];
  };
}

/** The phone's camera, read by BarcodeDetector or jsQR until it sees a hand-off QR code. */
function Scanner({ onCode, onStop }: { onCode: (code: string) => void; onStop: (why?: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!hasCamera()) {
      onStop('This browser cannot use the camera here: type the code instead.');
      return;
    }
    const Detector = detectorClass();
    const detector = Detector ? new Detector({ formats: ['qr_code'] }) : null;
    const decode = detector ? null : canvasReader();
    const read = async (v: HTMLVideoElement): Promise<string[]> =>
      detector ? (await detector.detect(v).catch(() => [])).map((f) => f.rawValue) : (decode?.(v) ?? []);
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) {
          for (const t of s.getTracks()) t.stop();
          return;
        }
        video.current.srcObject = s;
        await video.current.play();
        const look = async () => {
          if (stopped || !video.current) return;
          const texts = await read(video.current).catch(() => []);
          const code = texts.map((t) => codeFromScan(t)).find((c) => c);
          if (stopped) return;
          if (code) onCode(code);
          else timer = window.setTimeout(look, SCAN_EVERY_MS);
        };
        void look();
      })
      .catch(() => {
        if (!stopped) onStop('The camera could not be opened: type the code instead.');
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
      if (video.current) video.current.srcObject = null;
    };
  }, [onCode, onStop]);
  const stop = useRef<HTMLButtonElement>(null);
  // The scan button is gone once the camera opens: keep keyboard users on the scanner's own control.
  useEffect(() => stop.current?.focus(), []);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-base-content/80">Point the camera at the QR code on the buyer's order.</p>
      <video
        ref={video}
        aria-label="Camera preview"
        className="aspect-square w-full rounded-box bg-black object-cover"
        muted
        playsInline
      />
      <button ref={stop} type="button" className="btn btn-ghost btn-sm" onClick={() => onStop()}>
        Stop the camera
      </button>
    </div>
  );
}

/**
 * The seller's "Confirm hand-off" for a paid (held) booking: scan the buyer's QR code with the
 * phone's camera (where the browser may open it), or type the 6-digit code. The code is never
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
  const canScan = hasCamera();

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
          <p className="mt-3 text-sm text-base-content/70">This browser cannot open the camera here: type the code instead.</p>
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
