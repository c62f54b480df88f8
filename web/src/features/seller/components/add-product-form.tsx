import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  CATEGORY_CHECKS,
  CHECKS,
  CONDITIONS,
  allowedGrades,
  productFormSchema,
  readReport,
  parseMoney,
  serialKindFor,
  serialProblem,
  suggestGrade,
  type CategoryName,
  type CheckKey,
  type ConditionReportAnswers,
  type Place,
  type ProductDetail,
} from '@shop/contract';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { YouReceive } from '@/components/you-receive';
import { errorMessage, isApiError } from '@/lib/api';
import { fieldMessage } from '@/lib/format';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/listing';
import { calloutClass } from '@/components/callout';
import { PlacePicker } from '@/components/place-picker';
import { ConditionReportFields, EMPTY_REPORT, type ReportValues } from './condition-report-fields';
import { PhotoPicker, photoIdOf } from './photo-picker';
import { DevicePicker, type PickedDevice } from './device-picker';
import { PriceGuideBand } from '@/components/price-guide';
import { usePriceGuide } from '@/hooks/use-devices';

const FIELDS = [
  'name',
  'category',
  'price',
  'original_price',
  'location',
  'number',
  'condition',
  'used_year',
  'description',
] as const;
type FieldName = (typeof FIELDS)[number];
export type ProductFormValues = Record<FieldName, string> & {
  conditionReport: ReportValues;
  /** Upload ids, cover first. */
  photos: string[];
};
type ProductFormOutput = z.output<typeof productFormSchema>;

const LABELS: Record<FieldName, string> = {
  name: 'Product name',
  category: 'Brand (category)',
  price: 'Price (USD)',
  original_price: 'Original price (USD)',
  location: 'Location',
  number: 'Phone number',
  condition: 'Condition',
  used_year: 'Years used',
  description: 'Description (optional)',
};

const EMPTY: ProductFormValues = {
  name: '',
  category: '',
  price: '',
  original_price: '',
  location: '',
  number: '',
  condition: '',
  used_year: '',
  description: '',
  conditionReport: EMPTY_REPORT,
  photos: [],
};

/** The upload ids of an item's photos, cover first. */
const photoIdsOf = (p: ProductDetail): string[] => p.photos.flatMap((photo) => photoIdOf(photo) ?? []);

const isCategory = (c: string): c is CategoryName => (CATEGORIES as readonly string[]).includes(c);

/** An item's values as the form holds them (edit mode). */
function valuesOf(p: ProductDetail): ProductFormValues {
  const report = structuredClone(EMPTY_REPORT);
  for (const [key, answer] of Object.entries(p.conditionReport ?? {}) as [
    CheckKey,
    NonNullable<ProductDetail['conditionReport']>[CheckKey],
  ][]) {
    if (!answer) continue;
    report[key] = {
      value: String(answer.value),
      note: answer.note ?? '',
      photo: answer.photo ?? '',
      url: answer.image?.url ?? '',
    };
  }
  return {
    name: p.name,
    category: p.category,
    price: String(p.price),
    original_price: String(p.original_price),
    location: p.location,
    number: p.number,
    condition: p.condition,
    used_year: String(p.used_year),
    description: p.description,
    conditionReport: report,
    photos: photoIdsOf(p),
  };
}

/** The answers of the category's questions, as the API takes them. */
function reportOf(category: string, values: ReportValues): ConditionReportAnswers {
  if (!isCategory(category)) return {};
  return Object.fromEntries(
    CATEGORY_CHECKS[category].map((key) => {
      const a = values[key];
      return [key, { value: a.value, ...(a.note.trim() && { note: a.note }), ...(a.photo && { photo: a.photo }) }];
    }),
  );
}

/** The server names the field as `price`, `body.price` or `/price`. */
function toFieldName(field: string | undefined): FieldName | null {
  if (!field) return null;
  const last = field.split(/[./]/).filter(Boolean).pop() ?? '';
  if (last === 'value' || last === 'photo' || last === 'note') {
    const key = field.split(/[./]/).filter(Boolean).at(-2);
    if (key && key in CHECKS) return `conditionReport.${key}.${last}` as FieldName;
  }
  return (FIELDS as readonly string[]).includes(last) ? (last as FieldName) : null;
}

/** `photos` or `photos.2` (one of them) from the server: the picker's field. */
const isPhotosField = (field: string | undefined) => !!field && /(^|[./])photos([./]\d+)?$/.test(field);

/**
 * 'Add A Product', and the same form to edit one (`product`): every field required
 * (docs/product.md#validation), the condition report too; the grade can be at most what the answers
 * suggest (the contract's rule, which the server applies too). Keeps what was typed when the server refuses.
 */
export function AddProductForm({ onSuccess, product }: { onSuccess: () => void; product?: ProductDetail }) {
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingPhotos, setPendingPhotos] = useState(0);
  // "What are you selling?": the catalogue model, variant and colour, and the device's number (write-only), beside the form's fields.
  const [picked, setPicked] = useState<PickedDevice>(null);
  const [notListed, setNotListed] = useState(false);
  const [serial, setSerial] = useState('');
  const [serialError, setSerialError] = useState<string | null>(null);
  // The town from the gazetteer (distance search finds the item by it); `location` keeps the seller's words.
  const [place, setPlace] = useState<Place | null>(product?.place ?? null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting, isSubmitted, dirtyFields },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema) as unknown as Resolver<ProductFormValues, unknown, ProductFormOutput>,
    defaultValues: product ? valuesOf(product) : EMPTY,
    mode: 'onTouched',
  });
  const values = watch();
  const category = isCategory(values.category) ? values.category : undefined;
  // The answers given so far (unanswered questions lower nothing yet).
  const answered = category ? readReport(category, reportOf(category, values.conditionReport)).report : undefined;
  const suggested = answered ? suggestGrade(answered) : undefined;
  const allowed = answered ? allowedGrades(answered) : CONDITIONS;
  const pickedVariant = picked?.device.variants.find((v) => v.key === picked.variant);
  const serialDigits = serial.replace(/[\s\-./]/g, '');
  // The server's rule: a 15-digit number is an IMEI (a cellular tablet's or watch's too), phones always have one.
  const serialKind =
    /^\d{15}$/.test(serialDigits) && values.category !== 'Laptop'
      ? 'imei'
      : serialKindFor(values.category, pickedVariant?.connectivity);
  const guide = usePriceGuide(picked?.device.id, picked?.variant || undefined, values.condition || undefined);
  const typedPrice = parseMoney(values.price ?? '');
  /** Picking a model fills the name (with its variant) and the category. */
  const choose = (p: PickedDevice) => {
    setPicked(p);
    if (!p) return;
    const v = p.device.variants.find((x) => x.key === p.variant);
    setValue('name', `${p.device.name}${v && v.key !== 'std' ? ` ${v.label}` : ''}`, {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
    setValue('category', p.device.category, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  // Answers that lower the grade lower a grade chosen above it: the seller may only go lower.
  useEffect(() => {
    if (suggested && values.condition && !(allowed as readonly string[]).includes(values.condition))
      setValue('condition', suggested, { shouldValidate: true });
  }, [suggested, allowed, values.condition, setValue]);

  /** Under-field message: "<Label> is required" for an empty field, the rule otherwise; server sentences as they are. */
  const messageFor = (name: FieldName): string | undefined => {
    const error = errors[name];
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    const label = LABELS[name].replace(/ \(.*\)$/, '');
    if (!String(values[name] ?? '').trim()) return `${label} is required`;
    return fieldMessage(label, error.message);
  };

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    if (pendingPhotos) {
      setFormError('Wait a moment: photos are still uploading.');
      return;
    }
    const conditionReport = reportOf(input.category, values.conditionReport);
    const problem = serial.trim() ? serialProblem(serialKind, serial) : null;
    if (problem) {
      setSerialError(`${serialKind === 'imei' ? 'IMEI' : 'Serial number'} ${problem}`);
      return;
    }
    const device = picked
      ? { deviceId: picked.device.id, variant: picked.variant || undefined, colour: picked.colour || undefined }
      : {};
    // The catalogue model and the number go with a new listing (an edit keeps them as listed).
    if (!product) Object.assign(input, device, { serial: serial.trim() || undefined });
    try {
      if (product) {
        // The category stays (the report's questions depend on it); photos are sent only when changed.
        const { category: _fixed, photos, ...edit } = input;
        await updateProduct.mutateAsync({
          id: product._id,
          edit: {
            ...edit,
            conditionReport,
            ...(dirtyFields.photos ? { photos } : {}),
            ...(place && place.id !== product.place?.id ? { placeId: place.id } : {}),
          },
        });
      } else {
        await createProduct.mutateAsync({ ...input, conditionReport, ...(place ? { placeId: place.id } : {}) });
        setPlace(null);
        reset(EMPTY);
        setPicked(null);
        setSerial('');
      }
      onSuccess();
    } catch (error) {
      const field = isApiError(error) ? toFieldName(error.field) : null;
      if (isApiError(error) && error.field === 'serial') {
        setSerialError(errorMessage(error));
      } else if (isApiError(error) && isPhotosField(error.field)) {
        setError('photos', { type: 'server', message: errorMessage(error) });
      } else if (field) {
        setError(field, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
      } else {
        setFormError(errorMessage(error));
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-1 gap-x-6 gap-y-1 md:grid-cols-2"
      aria-label={product ? 'Edit product' : 'Add A Product'}
    >
      {product ? null : notListed ? (
        <p className="text-sm text-base-content/70 md:col-span-2">
          Not in the catalogue: fill in the name and category yourself.{' '}
          <button type="button" className="link" onClick={() => setNotListed(false)}>
            Search the catalogue again
          </button>
        </p>
      ) : (
        <DevicePicker
          value={picked}
          onChange={choose}
          onNotListed={() => {
            setPicked(null);
            setNotListed(true);
          }}
        />
      )}
      <FormField label={LABELS.name} error={messageFor('name')} className="md:col-span-2">
        <input className="input w-full" autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label={LABELS.category} error={messageFor('category')}>
        <select className="select w-full" disabled={!!product} {...register('category')}>
          <option value="">Choose a category</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={LABELS.condition}
        error={messageFor('condition')}
        hint={suggested ? `At most ${suggested} for this condition report` : undefined}
      >
        <select className="select w-full" {...register('condition')}>
          <option value="">Choose a condition</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c} disabled={!(allowed as readonly string[]).includes(c)}>
              {c}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={LABELS.price} error={messageFor('price')} hint={<YouReceive price={values.price} />}>
        <input className="input w-full" inputMode="decimal" placeholder="e.g. 450" {...register('price')} />
      </FormField>
      {picked?.device ? (
        <div className="md:col-span-2" aria-live="polite">
          <PriceGuideBand guide={guide.data} priceCents={typedPrice.ok ? Math.round(typedPrice.value * 100) : undefined} chart />
        </div>
      ) : null}
      <FormField label={LABELS.original_price} error={messageFor('original_price')}>
        <input className="input w-full" inputMode="decimal" placeholder="e.g. 999" {...register('original_price')} />
      </FormField>
      <FormField label={LABELS.used_year} error={messageFor('used_year')}>
        <input className="input w-full" inputMode="numeric" placeholder="e.g. 2" {...register('used_year')} />
      </FormField>
      <PlacePicker
        label="Town or city"
        value={place}
        onChange={(p) => {
          setPlace(p);
          if (p && !values.location.trim()) setValue('location', p.name, { shouldValidate: isSubmitted });
        }}
        hint="Buyers searching near them find your item by it."
      />
      <FormField label={LABELS.location} error={messageFor('location')}>
        <input className="input w-full" autoComplete="address-level2" placeholder="City or area" {...register('location')} />
      </FormField>
      <FormField label={LABELS.number} error={messageFor('number')}>
        <input className="input w-full" type="tel" inputMode="tel" autoComplete="tel" {...register('number')} />
      </FormField>
      {product ? null : (
        <FormField
          label={serialKind === 'imei' ? 'IMEI (optional)' : 'Serial number (optional)'}
          error={serialError ?? undefined}
          hint={`${serialKind === 'imei' ? 'Dial *#06# to see it. ' : ''}Checked against the shop's register of lost and stolen devices, never shown: a buyer sees its last 4 after booking, to compare at the meeting.`}
        >
          <input
            className="input w-full"
            autoComplete="off"
            inputMode={serialKind === 'imei' ? 'numeric' : 'text'}
            value={serial}
            onChange={(e) => {
              setSerial(e.target.value);
              setSerialError(null);
            }}
          />
        </FormField>
      )}
      <PhotoPicker
        initial={product?.photos}
        error={errors.photos?.type === 'server' ? errors.photos.message : fieldMessage('Photos', errors.photos?.message)}
        onChange={(ids, pending) => {
          setPendingPhotos(pending);
          setValue('photos', ids, {
            shouldDirty: ids.join() !== (product ? photoIdsOf(product).join() : ''),
            shouldValidate: isSubmitted,
          });
        }}
      />
      <FormField label={LABELS.description} error={messageFor('description')} className="md:col-span-2">
        <textarea className="textarea w-full" rows={3} {...register('description')} />
      </FormField>
      {category && suggested ? (
        <ConditionReportFields
          category={category}
          values={values.conditionReport}
          register={(name) => register(name)}
          errors={errors.conditionReport}
          suggested={suggested}
          onPhoto={(key, photo) => {
            setValue(`conditionReport.${key}.photo`, photo?.id ?? '', { shouldDirty: true });
            setValue(`conditionReport.${key}.url`, photo?.url ?? '', { shouldDirty: true });
          }}
        />
      ) : (
        <p className="text-sm text-base-content/70 md:col-span-2">Choose a category to fill in its condition report.</p>
      )}
      {formError ? (
        <p role="alert" className={calloutClass('error', 'md:col-span-2')}>
          {formError}
        </p>
      ) : null}
      <div className="mt-3 md:col-span-2">
        <button type="submit" className="btn btn-primary w-full md:w-auto" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {product ? 'Save changes' : 'Add Product'}
        </button>
      </div>
    </form>
  );
}
