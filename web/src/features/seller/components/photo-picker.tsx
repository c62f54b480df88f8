import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ACCEPTED_PHOTOS_TEXT, MAX_PHOTOS, MAX_UPLOAD_BYTES, type ProductPhoto } from '@shop/contract';
import { ArrowLeft, ArrowRight, Camera, ImagePlus, Trash2 } from 'lucide-react';
import { errorMessage } from '@/lib/api';
import { uploadPhoto } from '../api/upload-photo';

type Item = {
  key: string;
  /** The upload id once stored. */
  id?: string;
  /** What the thumbnail shows: the picked file (object URL) until the stored photo is known. */
  preview: string;
  name: string;
  /** 0..1 while uploading. */
  progress: number;
  status: 'uploading' | 'done';
};

const MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** The upload id of a stored photo, read from its URL (/media/p/<upload id>/<width>.webp). */
export const photoIdOf = (p: ProductPhoto) => /\/media\/p\/([0-9a-f-]{36})\//.exec(p.url)?.[1];

let seq = 0;

/** A button-styled label around a hidden image file input; the chosen files go to `onFiles`, and the input is emptied so the same file can be picked again. */
function FileButton({
  className,
  multiple,
  capture,
  disabled,
  onFiles,
  children,
}: {
  className: string;
  multiple?: boolean;
  capture?: 'environment';
  disabled: boolean;
  onFiles: (files: FileList | null) => void;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      {children}
      <input
        type="file"
        accept="image/*"
        multiple={multiple}
        capture={capture}
        className="sr-only"
        disabled={disabled}
        onChange={(e) => {
          onFiles(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
    </label>
  );
}

/**
 * The listing's photos: 1 to 8, added by dropping files, the file picker or the phone's camera, each
 * uploaded at once with its own progress bar. The first is the cover. Reordering works by dragging a
 * photo, or with its Move buttons (keyboard); each can be removed. `onChange` gets the stored photos'
 * upload ids in order and how many are still uploading (the form waits for them).
 */
export function PhotoPicker({
  initial = [],
  onChange,
  error,
}: {
  initial?: ProductPhoto[];
  onChange: (ids: string[], pending: number) => void;
  error?: string;
}) {
  const [items, setItems] = useState<Item[]>(() =>
    initial.flatMap((p) => {
      const id = photoIdOf(p);
      return id ? [{ key: `k${seq++}`, id, preview: p.url, name: 'photo', progress: 1, status: 'done' as const }] : [];
    }),
  );
  /** What a screen reader is told of the last change (uploading, moved, removed). */
  const [note, setNote] = useState('');
  /** Files not added: refused here (size, type, too many) or by the server; shown until the next pick. */
  const [problem, setProblem] = useState('');
  const [over, setOver] = useState(false);
  const dragged = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const hintId = useId();
  const objectUrls = useRef(new Set<string>());

  const ids = items.flatMap((i) => (i.status === 'done' && i.id ? [i.id] : []));
  const pending = items.filter((i) => i.status === 'uploading').length;
  const idsKey = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for ids (a new array each render).
  useEffect(() => {
    onChangeRef.current(ids, pending);
  }, [idsKey, pending]);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, []);

  const update = (key: string, patch: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const addFiles = (files: FileList | File[] | null) => {
    if (!files) return;
    const list = [...files];
    const room = MAX_PHOTOS - items.length;
    const refused: string[] = [];
    const failed = (message: string) => setProblem((shown) => (shown ? `${shown} ${message}` : message));
    if (list.length > room)
      refused.push(`A listing has at most ${MAX_PHOTOS} photos: ${list.length - Math.max(room, 0)} not added.`);
    const added: Item[] = [];
    for (const file of list.slice(0, Math.max(room, 0))) {
      if (file.size > MAX_UPLOAD_BYTES) {
        refused.push(`${file.name} is larger than ${MB} MB.`);
        continue;
      }
      if (file.type && !file.type.startsWith('image/')) {
        refused.push(`${file.name} is not a photo. Add ${ACCEPTED_PHOTOS_TEXT}.`);
        continue;
      }
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      const item: Item = { key: `k${seq++}`, preview, name: file.name, progress: 0, status: 'uploading' };
      added.push(item);
      uploadPhoto(file, { onProgress: (sent, total) => total && update(item.key, { progress: sent / total }) })
        // The stored photo's smallest size replaces the local preview (which some formats, e.g. HEIC, cannot show).
        .then((photo) =>
          update(item.key, { id: photo._id, status: 'done', progress: 1, preview: photo.srcset.split(' ')[0] ?? photo.url }),
        )
        // A photo the server did not take leaves the list: never a broken thumbnail, never the cover.
        .catch((e: unknown) => {
          setItems((l) => l.filter((i) => i.key !== item.key));
          URL.revokeObjectURL(preview);
          objectUrls.current.delete(preview);
          failed(`${file.name} was not added: ${errorMessage(e)}`);
        });
    }
    if (added.length) setItems((l) => [...l, ...added]);
    setNote(added.length ? `${added.length} photo${added.length > 1 ? 's' : ''} uploading.` : '');
    setProblem(refused.join(' '));
  };

  const move = (key: string, by: number) => {
    const from = items.findIndex((i) => i.key === key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= items.length) return;
    const next = [...items];
    const [it] = next.splice(from, 1);
    if (it) next.splice(to, 0, it);
    setItems(next);
    setNote(`Photo moved to position ${to + 1} of ${items.length}${to === 0 ? ' (cover)' : ''}.`);
  };
  const moveTo = (key: string, target: string) => {
    setItems((list) => {
      const from = list.findIndex((i) => i.key === key);
      const to = list.findIndex((i) => i.key === target);
      if (from < 0 || to < 0 || from === to) return list;
      const next = [...list];
      const [it] = next.splice(from, 1);
      if (it) next.splice(to, 0, it);
      return next;
    });
  };
  const remove = (key: string) => {
    setItems((list) => list.filter((i) => i.key !== key));
    setNote('Photo removed.');
  };

  return (
    <fieldset className="fieldset md:col-span-2" aria-describedby={hintId}>
      <legend className="fieldset-legend">Photos</legend>
      <p id={hintId} className="text-sm text-base-content/70">
        1 to {MAX_PHOTOS} photos ({ACCEPTED_PHOTOS_TEXT}, up to {MB} MB each). The first is the cover; drag photos or use their
        arrows to reorder.
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target of dragged files; the buttons inside do the same from the keyboard. */}
      <div
        data-testid="photo-drop"
        className={`flex flex-col items-center gap-3 rounded-box border-2 border-dashed p-4 text-center ${over ? 'border-primary bg-primary/5' : 'border-base-300'}`}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          setOver(false);
          addFiles(e.dataTransfer.files);
        }}
      >
        <p className="text-sm">Drop photos here, or</p>
        <div className="flex flex-wrap justify-center gap-2">
          <FileButton className="btn btn-outline btn-sm" multiple disabled={items.length >= MAX_PHOTOS} onFiles={addFiles}>
            <ImagePlus size={16} aria-hidden="true" /> Choose photos
          </FileButton>
          <FileButton
            className="btn btn-outline btn-sm sm:hidden"
            capture="environment"
            disabled={items.length >= MAX_PHOTOS}
            onFiles={addFiles}
          >
            <Camera size={16} aria-hidden="true" /> Take a photo
          </FileButton>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {note}
      </p>
      <p role="alert" className="text-sm text-error empty:hidden">
        {problem}
      </p>
      {items.length ? (
        <ol className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos of the listing, the first is the cover">
          {items.map((item, i) => (
            <li
              key={item.key}
              draggable
              onDragStart={(e) => {
                dragged.current = item.key;
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', item.key);
              }}
              onDragOver={(e) => {
                if (dragged.current) e.preventDefault();
              }}
              onDrop={(e) => {
                if (!dragged.current) return;
                e.preventDefault();
                e.stopPropagation();
                moveTo(dragged.current, item.key);
                dragged.current = null;
              }}
              onDragEnd={() => {
                dragged.current = null;
              }}
              data-testid="photo-item"
              className="relative flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-1"
            >
              <div className="relative aspect-[4/3] overflow-hidden rounded-field bg-base-200">
                <img
                  src={item.preview}
                  alt={`Upload ${i + 1}${i === 0 ? ' (cover)' : ''}: ${item.name}`}
                  className="h-full w-full object-cover"
                  draggable={false}
                />
                {i === 0 ? <span className="badge badge-primary badge-sm absolute left-1 top-1">Cover</span> : null}
              </div>
              {item.status === 'uploading' ? (
                <progress
                  className="progress progress-primary h-1.5 w-full"
                  value={Math.round(item.progress * 100)}
                  max={100}
                  aria-label={`Uploading ${item.name}`}
                />
              ) : null}
              <div className="flex items-center justify-between gap-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-square"
                  aria-label={`Move photo ${i + 1} earlier`}
                  disabled={i === 0}
                  onClick={() => move(item.key, -1)}
                >
                  <ArrowLeft size={14} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-square"
                  aria-label={`Move photo ${i + 1} later`}
                  disabled={i === items.length - 1}
                  onClick={() => move(item.key, 1)}
                >
                  <ArrowRight size={14} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-square text-error"
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => remove(item.key)}
                >
                  <Trash2 size={14} aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
