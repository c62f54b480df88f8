import { useState, type FormEvent } from 'react';
import { CATEGORIES, type Device, type DeviceInput } from '@shop/contract';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { calloutClass } from '@/components/callout';
import { AdminFormFooter } from '../components/form-footer';
import {
  useAdminDevices,
  useResolveFlag,
  useReviewStolen,
  useSaveDevice,
  useSerialFlags,
  useStolenReports,
} from '../api/devices';

const LISTS = ['size', 'storage', 'ram', 'connectivity', 'colours', 'aliases'] as const;
type ListName = (typeof LISTS)[number];
const LIST_LABELS: Record<ListName, string> = {
  size: 'Case sizes',
  storage: 'Storage',
  ram: 'RAM',
  connectivity: 'Connectivity',
  colours: 'Colours',
  aliases: 'Other names people type',
};

type Draft = { category: string; brand: string; model: string; releaseYear: string; retired: boolean } & Record<ListName, string>;

const EMPTY_DRAFT: Draft = {
  category: 'Mobile',
  brand: '',
  model: '',
  releaseYear: String(new Date().getFullYear()),
  retired: false,
  size: '',
  storage: '',
  ram: '',
  connectivity: '',
  colours: '',
  aliases: '',
};

/** A model as the form edits it: its option lists read back from its variants. */
function draftOf(d: Device): Draft {
  const values = (k: 'size' | 'storage' | 'ram' | 'connectivity') => [
    ...new Set(d.variants.flatMap((v) => (v[k] ? [v[k]] : []))),
  ];
  return {
    category: d.category,
    brand: d.brand,
    model: d.model,
    releaseYear: String(d.releaseYear),
    retired: d.retired,
    size: values('size').join(', '),
    storage: values('storage').join(', '),
    ram: values('ram').join(', '),
    connectivity: values('connectivity').join(', '),
    colours: d.colours.join(', '),
    aliases: d.aliases.join(', '),
  };
}

const listOf = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function DeviceForm({ device, onDone }: { device: Device | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(device ? draftOf(device) : EMPTY_DRAFT);
  const save = useSaveDevice();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input: DeviceInput = {
      category: draft.category as DeviceInput['category'],
      brand: draft.brand,
      model: draft.model,
      releaseYear: Number(draft.releaseYear),
      retired: draft.retired,
      ...Object.fromEntries(LISTS.map((k) => [k, listOf(draft[k])])),
    };
    try {
      await save.mutateAsync({ id: device?.id, input });
      onDone();
    } catch {
      /* shown below */
    }
  };
  const field = (k: 'brand' | 'model' | 'releaseYear' | ListName, label: string, hint?: string) => (
    <label className="fieldset py-0">
      <span className="fieldset-legend pb-1 pt-0 text-sm">{label}</span>
      <input
        className="input w-full"
        value={draft[k]}
        inputMode={k === 'releaseYear' ? 'numeric' : undefined}
        onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
      />
      {hint ? <span className="label text-xs">{hint}</span> : null}
    </label>
  );
  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2"
      aria-label="Model"
    >
      <label className="fieldset py-0">
        <span className="fieldset-legend pb-1 pt-0 text-sm">Category</span>
        <select
          className="select w-full"
          value={draft.category}
          onChange={(e) => setDraft({ ...draft, category: e.target.value })}
        >
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      {field('brand', 'Brand')}
      {field('model', 'Model')}
      {field('releaseYear', 'Release year')}
      {LISTS.map((k) => (
        <div key={k}>{field(k, LIST_LABELS[k], 'Comma-separated, e.g. 128 GB, 256 GB')}</div>
      ))}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={draft.retired}
          onChange={(e) => setDraft({ ...draft, retired: e.target.checked })}
        />
        Retired (no longer offered when listing)
      </label>
      <AdminFormFooter
        error={save.isError ? errorMessage(save.error) : null}
        saving={save.isPending}
        submitLabel={device ? 'Save model' : 'Add model'}
        onCancel={onDone}
      />
    </form>
  );
}

function Catalogue() {
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Device | 'new' | null>(null);
  const devices = useAdminDevices(q);
  return (
    <section aria-labelledby="catalogue-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="catalogue-title" className="text-xl font-bold">
          Catalogue
        </h2>
        <button type="button" className="btn btn-sm" onClick={() => setEditing('new')}>
          Add a model
        </button>
      </div>
      {editing ? (
        <DeviceForm
          key={editing === 'new' ? 'new' : editing.id}
          device={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <label className="input w-full max-w-md">
        <span className="sr-only">Search the catalogue</span>
        <input type="search" placeholder="Search models (typos forgiven)" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      {devices.isError ? <p className={calloutClass('error')}>{errorMessage(devices.error)}</p> : null}
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <thead>
            <tr>
              <th>Model</th>
              <th>Category</th>
              <th>Year</th>
              <th>Variants</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(devices.data ?? []).map((d) => (
              <tr key={d.id}>
                <td>
                  {d.name} {d.retired ? <span className="badge badge-ghost badge-sm">retired</span> : null}
                </td>
                <td>{d.category}</td>
                <td>{d.releaseYear}</td>
                <td>{d.variants.length}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => setEditing(d)}
                    aria-label={`Edit ${d.name}`}
                  >
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {devices.isLoading ? <span className="loading loading-spinner" role="status" aria-label="Loading" /> : null}
      </div>
    </section>
  );
}

function Register() {
  const reports = useStolenReports();
  const review = useReviewStolen();
  return (
    <section aria-labelledby="register-title" className="flex flex-col gap-3">
      <h2 id="register-title" className="text-xl font-bold">
        Lost and stolen devices
      </h2>
      {reports.isError ? <p className={calloutClass('error')}>{errorMessage(reports.error)}</p> : null}
      {reports.data && !reports.data.length ? <p className="text-base-content/70">Nobody has reported a device yet.</p> : null}
      <ul className="flex flex-col gap-2">
        {(reports.data ?? []).map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3">
            <div>
              <p className="font-mono">
                {r.kind === 'imei' ? 'IMEI' : 'Serial'} {r.serial}
              </p>
              <p className="text-sm text-base-content/70">
                Police reference {r.policeRef} · by {r.reporterName} · {formatDate(r.createdAt)} · {r.status}
                {r.note ? ` · "${r.note}"` : ''}
              </p>
            </div>
            {r.status === 'pending' ? (
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-error"
                  disabled={review.isPending}
                  onClick={() => review.mutate({ id: r.id, status: 'confirmed' })}
                >
                  Confirm
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={review.isPending}
                  onClick={() => review.mutate({ id: r.id, status: 'rejected' })}
                >
                  Reject
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Flags() {
  const flags = useSerialFlags();
  const resolve = useResolveFlag();
  return (
    <section aria-labelledby="flags-title" className="flex flex-col gap-3">
      <h2 id="flags-title" className="text-xl font-bold">
        Serial flags
      </h2>
      {flags.isError ? <p className={calloutClass('error')}>{errorMessage(flags.error)}</p> : null}
      {flags.data && !flags.data.length ? <p className="text-base-content/70">No open flags.</p> : null}
      <ul className="flex flex-col gap-2">
        {(flags.data ?? []).map((f) => (
          <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3">
            <div>
              <p>
                <span className={`badge badge-sm ${f.kind === 'stolen' ? 'badge-error' : 'badge-warning'}`}>
                  {f.kind === 'stolen' ? 'Registered number' : 'Same number twice'}
                </span>{' '}
                {f.productName ?? 'Refused listing'} · seller {f.sellerName} · ending {f.last4}
              </p>
              <p className="text-sm text-base-content/70">
                {f.detail} · {formatDate(f.createdAt)}
              </p>
            </div>
            <button type="button" className="btn btn-sm" disabled={resolve.isPending} onClick={() => resolve.mutate(f.id)}>
              Resolve
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Admins: the device catalogue, the stolen-device register and the flags about numbers (issue 28). */
export function DevicesPage() {
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">Devices</h1>
      <Flags />
      <Register />
      <Catalogue />
    </div>
  );
}
