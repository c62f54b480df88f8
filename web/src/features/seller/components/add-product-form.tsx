import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CATEGORIES, CONDITIONS, productFormSchema } from '@shop/contract';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { Img } from '@/components/img';
import { errorMessage, isApiError } from '@/lib/api';
import { fieldMessage } from '@/lib/format';
import { useCreateProduct } from '../api/create-product';
import { calloutClass } from '@/components/callout';

const FIELDS = [
  'name',
  'category',
  'price',
  'original_price',
  'location',
  'number',
  'condition',
  'used_year',
  'img',
  'description',
] as const;
type FieldName = (typeof FIELDS)[number];
export type ProductFormValues = Record<FieldName, string>;
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
  img: 'Image URL',
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
  img: '',
  description: '',
};

/** The server names the field as `price`, `body.price` or `/price`. */
function toFieldName(field: string | undefined): FieldName | null {
  if (!field) return null;
  const last = field.split(/[./]/).filter(Boolean).pop() ?? '';
  return (FIELDS as readonly string[]).includes(last) ? (last as FieldName) : null;
}

/**
 * 'Add A Product': every field required (docs/product.md#validation). Keeps what was typed when the
 * server refuses.
 */
export function AddProductForm({ onSuccess }: { onSuccess: () => void }) {
  const createProduct = useCreateProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema) as unknown as Resolver<ProductFormValues, unknown, ProductFormOutput>,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const values = watch();

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
    try {
      await createProduct.mutateAsync(input);
      reset(EMPTY);
      onSuccess();
    } catch (error) {
      const field = isApiError(error) ? toFieldName(error.field) : null;
      if (field) {
        setError(field, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
      } else {
        setFormError(errorMessage(error));
      }
    }
  });

  const imgValue = values.img?.trim() ?? '';
  const showPreview = imgValue.startsWith('/') || /^https?:\/\/\S+/.test(imgValue);

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-x-6 gap-y-1 md:grid-cols-2" aria-label="Add A Product">
      <FormField label={LABELS.name} error={messageFor('name')} className="md:col-span-2">
        <input className="input w-full" autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label={LABELS.category} error={messageFor('category')}>
        <select className="select w-full" {...register('category')}>
          <option value="">Choose a category</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={LABELS.condition} error={messageFor('condition')}>
        <select className="select w-full" {...register('condition')}>
          <option value="">Choose a condition</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={LABELS.price} error={messageFor('price')}>
        <input className="input w-full" inputMode="decimal" placeholder="e.g. 450" {...register('price')} />
      </FormField>
      <FormField label={LABELS.original_price} error={messageFor('original_price')}>
        <input className="input w-full" inputMode="decimal" placeholder="e.g. 999" {...register('original_price')} />
      </FormField>
      <FormField label={LABELS.used_year} error={messageFor('used_year')}>
        <input className="input w-full" inputMode="numeric" placeholder="e.g. 2" {...register('used_year')} />
      </FormField>
      <FormField label={LABELS.location} error={messageFor('location')}>
        <input className="input w-full" autoComplete="address-level2" placeholder="City or area" {...register('location')} />
      </FormField>
      <FormField label={LABELS.number} error={messageFor('number')}>
        <input className="input w-full" type="tel" inputMode="tel" autoComplete="tel" {...register('number')} />
      </FormField>
      <FormField
        label={LABELS.img}
        error={messageFor('img')}
        hint="An https:// link, or a picture on this site such as /images/products/laptop-1.svg"
      >
        <input className="input w-full" type="url" inputMode="url" {...register('img')} />
      </FormField>
      <FormField label={LABELS.description} error={messageFor('description')} className="md:col-span-2">
        <textarea className="textarea w-full" rows={3} {...register('description')} />
      </FormField>
      {showPreview ? (
        <div className="md:col-span-2">
          <p className="mb-1 text-sm text-base-content/70">Image preview</p>
          <Img
            src={imgValue}
            alt="Preview of the product image"
            width={400}
            height={300}
            className="w-48 rounded-box object-cover"
          />
        </div>
      ) : null}
      {formError ? (
        <p role="alert" className={calloutClass('error', 'md:col-span-2')}>
          {formError}
        </p>
      ) : null}
      <div className="mt-3 md:col-span-2">
        <button type="submit" className="btn btn-primary w-full md:w-auto" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Add Product
        </button>
      </div>
    </form>
  );
}
