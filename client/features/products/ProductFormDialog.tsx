/**
 * Add or edit a product: name, description, price in SAR, unit, minimum
 * quantity, category, image URL with a preview that falls back to a placeholder, and
 * specifications as key/value rows. Saved through the outbox: it shows at once and is
 * sent when online.
 */
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageWithFallback } from '../../ui/ImageWithFallback';
import { DECIMAL_INPUT, WHOLE_INPUT } from '../../ui/formInput';
import type { LocalProduct } from '../../data/db/schema';
import { ValidationFailed } from '../../data/local/hooks';
import { toLanguageCode } from '../../i18n/languages';
import { usePhotoWrites, useProductWrites } from './mutations';
import { PhotoManager, draftedServerPhotos, emptyDraft, type PhotoDraft } from './PhotoManager';
import { changedFields, initialProductValues, issuesToErrors, toProductBody, validateProduct, type ProductErrors, type ProductValues } from './productForm';
import { useCategories, useProductPhotos, useUploadsByProduct } from './queries';

const useStyles = makeStyles({
  surface: { maxInlineSize: '640px' },
  form: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'minmax(0, 1fr)' },
  input: { minInlineSize: 0, inlineSize: '100%' },
  two: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))' },
  imageRow: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 88px', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  preview: { inlineSize: '88px', blockSize: '88px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', border: `1px solid ${tokens.colorNeutralStroke2}` },
  specs: { display: 'grid', gap: tokens.spacingVerticalS, border: 'none', margin: 0, padding: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingInline: 0, marginBlockEnd: tokens.spacingVerticalXS },
  specRow: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  specError: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

export function ProductFormDialog({ open, product, onClose, onSaved }: { open: boolean; product: LocalProduct | null; onClose: () => void; onSaved: (kind: 'added' | 'updated') => void }) {
  const styles = useStyles();
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        {open && <ProductForm key={product?.id ?? 'new'} product={product} onClose={onClose} onSaved={onSaved} />}
      </DialogSurface>
    </Dialog>
  );
}

function ProductForm({ product, onClose, onSaved }: { product: LocalProduct | null; onClose: () => void; onSaved: (kind: 'added' | 'updated') => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('products');
  const { t: tPhotos } = useTranslation('photos');
  const language = toLanguageCode(i18n.resolvedLanguage);
  const categories = useCategories() ?? [];
  const writes = useProductWrites();
  const photoWrites = usePhotoWrites();
  const photos = useProductPhotos(product?.id ?? null) ?? product?.photos ?? [];
  const uploads = useUploadsByProduct()?.get(product?.id ?? '') ?? [];
  const [draft, setDraft] = useState<PhotoDraft>(emptyDraft);
  const [values, setValues] = useState<ProductValues>(() => initialProductValues(product));
  const [errors, setErrors] = useState<ProductErrors>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof ProductValues>(field: K, value: ProductValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    const errorField = field === 'specs' ? 'specifications' : field;
    if (errors[errorField as keyof ProductErrors]) setErrors((e) => ({ ...e, [errorField]: undefined }));
  };
  const setSpec = (index: number, part: 'key' | 'value', value: string) =>
    set('specs', values.specs.map((s, i) => (i === index ? { ...s, [part]: value } : s)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const found = validateProduct(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      if (product) {
        const patch = changedFields(product, values);
        if (Object.keys(patch).length) await writes.update(product.id, patch);
        await savePhotos(product.id);
        onSaved('updated');
      } else {
        const id = await writes.create(toProductBody(values));
        await savePhotos(id);
        onSaved('added');
      }
      onClose();
    } catch (error) {
      if (error instanceof ValidationFailed) setErrors(issuesToErrors(error.issues, values));
      else setFailed(true);
      setBusy(false);
    }
  };

  /**
   * The photo changes of the dialog: removals, then the new order of what is left (the
   * server takes an order of every photo it has), then the queue's changes.
   */
  async function savePhotos(productId: string) {
    const kept = photos.filter((p) => !draft.removed.has(p.id));
    for (const photo of photos) if (draft.removed.has(photo.id)) await photoWrites.remove(productId, photo.id);
    const order = draftedServerPhotos(photos, draft).map((p) => p.id);
    if (order.length > 1 && order.some((id, i) => id !== kept[i].id)) await photoWrites.reorder(productId, order);
    for (const id of draft.cancelled) await photoWrites.cancel(id);
    if (draft.added.length) await photoWrites.queue(productId, draft.added.map((a) => a.file));
  }

  const message = (field: keyof ProductErrors) => (errors[field] ? t(`form.errors.${errors[field]}`) : undefined);
  const categoryName = (id: string) => {
    const c = categories.find((x) => x.id === id);
    return c ? c[`name_${language}`] : t('form.categoryNone');
  };

  return (
    <form onSubmit={submit} noValidate data-testid="product-form">
      <DialogBody>
        <DialogTitle>{t(product ? 'form.editTitle' : 'form.addTitle')}</DialogTitle>
        <DialogContent className={styles.form}>
          {failed && (
            <MessageBar layout="multiline" intent="error" role="alert">
              <MessageBarBody>{t('form.failed')}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('form.name')} required validationMessage={message('name')}>
            <Input className={styles.input} name="name" value={values.name} onChange={(_, d) => set('name', d.value)} />
          </Field>
          <Field label={t('form.description')} validationMessage={message('description')}>
            <Textarea name="description" value={values.description} onChange={(_, d) => set('description', d.value)} resize="vertical" />
          </Field>
          <div className={styles.two}>
            <Field label={t('form.price')} required validationMessage={message('price')} hint={t('form.priceHint')}>
              <Input className={styles.input} name="price" {...DECIMAL_INPUT} dir="ltr" value={values.price} onChange={(_, d) => set('price', d.value)} />
            </Field>
            <Field label={t('form.unit')} required validationMessage={message('unit')} hint={t('form.unitHint')}>
              <Input className={styles.input} name="unit" value={values.unit} onChange={(_, d) => set('unit', d.value)} />
            </Field>
            <Field label={t('form.minQuantity')} validationMessage={message('min_quantity')}>
              <Input className={styles.input} name="min_quantity" {...WHOLE_INPUT} dir="ltr" value={values.min_quantity} onChange={(_, d) => set('min_quantity', d.value)} />
            </Field>
          </div>
          <Field label={t('form.category')} validationMessage={message('category_id')}>
            <Dropdown
              name="category"
              data-testid="category-picker"
              value={categoryName(values.category_id)}
              selectedOptions={[values.category_id]}
              onOptionSelect={(_, d) => set('category_id', d.optionValue ?? '')}
            >
              <Option value="">{t('form.categoryNone')}</Option>
              {categories.map((c) => (
                <Option key={c.id} value={c.id}>
                  {c[`name_${language}`]}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <PhotoManager photos={photos} uploads={uploads} draft={draft} onChange={setDraft} />
          <div className={styles.imageRow}>
            <Field label={t('form.imageUrl')} validationMessage={message('image_url')} hint={t('form.imageHint')}>
              <Input className={styles.input} name="image_url" type="url" dir="ltr" value={values.image_url} onChange={(_, d) => set('image_url', d.value)} />
            </Field>
            <div className={styles.preview} data-testid="image-preview">
              <ImageWithFallback key={values.image_url} src={values.image_url.trim() || null} alt={t('form.imagePreview')} />
            </div>
          </div>
          <fieldset className={styles.specs} data-testid="specs">
            <legend className={styles.legend}>{t('form.specifications')}</legend>
            {values.specs.map((spec, i) => (
              <div key={i} className={styles.specRow}>
                <Input className={styles.input} aria-label={t('form.specKey', { n: i + 1 })} placeholder={t('form.specKeyPlaceholder')} value={spec.key} onChange={(_, d) => setSpec(i, 'key', d.value)} />
                <Input className={styles.input} aria-label={t('form.specValue', { n: i + 1 })} placeholder={t('form.specValuePlaceholder')} value={spec.value} onChange={(_, d) => setSpec(i, 'value', d.value)} />
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={t('form.removeSpec', { n: i + 1 })}
                  onClick={() => set('specs', values.specs.filter((_, j) => j !== i))}
                />
              </div>
            ))}
            {errors.specifications && <span className={styles.specError} role="alert">{t(`form.errors.${errors.specifications}`)}</span>}
            <div>
              <Button icon={<AddRegular />} onClick={() => set('specs', [...values.specs, { key: '', value: '' }])} data-testid="add-spec">
                {t('form.addSpec')}
              </Button>
            </div>
          </fieldset>
        </DialogContent>
        <DialogActions>
          {busy && draft.added.length > 0 && <Caption1 role="status">{tPhotos('preparing')}</Caption1>}
          <Button appearance="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy} data-testid="product-save">
            {t('form.save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
