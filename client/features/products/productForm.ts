/**
 * The add/edit product form's values, body and validation (name, unit
 * and price required; price step 0.01; minimum quantity at least 1, default 1; image URL
 * optional), by the shared schema the server applies too. Specifications are key/value
 * rows; empty rows are dropped.
 */
import { productCreateSchema, type ProductCreateInput } from '../../../shared/schemas/product';
import type { LocalProduct } from '../../data/db/schema';
import { parseNumber } from '../../ui/formInput';

interface SpecRow {
  key: string;
  value: string;
}

export interface ProductValues {
  name: string;
  description: string;
  price: string;
  unit: string;
  min_quantity: string;
  category_id: string;
  image_url: string;
  specs: SpecRow[];
}

type ProductField = Exclude<keyof ProductValues, 'specs'> | 'specifications';
export type ProductErrors = Partial<Record<ProductField, ProductErrorCode>>;
type ProductErrorCode = 'required' | 'price' | 'minQuantity' | 'url' | 'specifications' | 'invalid';

export function initialProductValues(product?: LocalProduct | null): ProductValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    unit: product?.unit ?? '',
    min_quantity: product ? String(product.min_quantity) : '1',
    category_id: product?.category_id ?? '',
    image_url: product?.image_url ?? '',
    specs: product?.specifications ? Object.entries(product.specifications).map(([key, value]) => ({ key, value })) : [],
  };
}

export function toProductBody(values: ProductValues): Omit<ProductCreateInput, 'id'> {
  const specs = values.specs.filter((s) => s.key.trim() !== '' || s.value.trim() !== '');
  return {
    name: values.name,
    description: values.description.trim() || undefined,
    // Empty or not a number: NaN, which the schema refuses (as required when empty).
    price: parseNumber(values.price) ?? Number.NaN,
    unit: values.unit,
    min_quantity: parseNumber(values.min_quantity) ?? 1,
    category_id: values.category_id || null,
    image_url: values.image_url.trim() || undefined,
    specifications: specs.length ? Object.fromEntries(specs.map((s) => [s.key.trim(), s.value.trim()])) : null,
  };
}

const CODE: Partial<Record<ProductField, ProductErrorCode>> = {
  price: 'price',
  min_quantity: 'minQuantity',
  image_url: 'url',
  specifications: 'specifications',
};

export function issuesToErrors(issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey>; code?: string }>, values: ProductValues): ProductErrors {
  const errors: ProductErrors = {};
  for (const issue of issues) {
    const first = String(typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0] ?? '');
    const field = first as ProductField;
    if (errors[field]) continue;
    const empty = field in values && typeof values[field as keyof ProductValues] === 'string' && (values[field as keyof ProductValues] as string).trim() === '';
    if ((field === 'name' || field === 'unit' || field === 'price') && empty) errors[field] = 'required';
    else errors[field] = CODE[field] ?? 'invalid';
  }
  return errors;
}

/** Field errors, or none; the rules are the shared schema's. */
export function validateProduct(values: ProductValues): ProductErrors {
  const specKeys = values.specs.map((s) => s.key.trim()).filter(Boolean);
  const body = toProductBody(values);
  const result = productCreateSchema.safeParse(body);
  const errors = result.success ? {} : issuesToErrors(result.error.issues, values);
  if (values.specs.some((s) => s.key.trim() === '' && s.value.trim() !== '') || new Set(specKeys).size !== specKeys.length) errors.specifications = 'specifications';
  return errors;
}

/** The fields of an edit that differ from the product (null clears an optional one). */
export function changedFields(product: LocalProduct, values: ProductValues): Record<string, unknown> {
  const body = toProductBody(values);
  const patch: Record<string, unknown> = {};
  if (body.name.trim() !== product.name) patch.name = body.name;
  if ((body.description ?? null) !== product.description) patch.description = body.description ?? null;
  if (body.price !== product.price) patch.price = body.price;
  if (body.unit.trim() !== product.unit) patch.unit = body.unit;
  if (body.min_quantity !== product.min_quantity) patch.min_quantity = body.min_quantity;
  if ((body.category_id ?? null) !== product.category_id) patch.category_id = body.category_id ?? null;
  if ((body.image_url ?? null) !== product.image_url) patch.image_url = body.image_url ?? null;
  if (JSON.stringify(body.specifications ?? null) !== JSON.stringify(product.specifications ?? null)) patch.specifications = body.specifications ?? null;
  return patch;
}
