import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Select,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationFailed } from '../../data/local/hooks';
import { issuesToErrors } from '../../ui/formInput';
import { useOrderMutations } from './mutations';
import { ORDER_FIELDS, URGENCIES, emptyOrder, validateOrder, type OrderErrors, type OrderField, type OrderValues } from './orderForm';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  // Two narrow fields side by side; minWidth 0 lets the inputs shrink to a phone's width.
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalM,
    '& > *': { minWidth: 0 },
    '& .fui-Input': { minWidth: 0, width: '100%' },
  },
});

/** Message of an error key: the shared ones in common, the form's own in orders. */
export function useErrorText() {
  const { t } = useTranslation(['orders', 'common']);
  return (key: string | undefined) => (!key ? undefined : key === 'required' || key === 'invalid' ? t(`common:validation.${key}`) : t(`form.errors.${key}`));
}

/** The contractor's new-order form (SPEC section 5): queued at once, sent when online. */
export function CreateOrderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['orders', 'common']);
  const errorText = useErrorText();
  const { create } = useOrderMutations();
  const [values, setValues] = useState<OrderValues>(emptyOrder);
  const [errors, setErrors] = useState<OrderErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: OrderField) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [field]: data.value }));
  const field = (name: OrderField) => ({
    validationMessage: errorText(errors[name]),
    validationState: errors[name] ? ('error' as const) : ('none' as const),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { errors: found, input } = validateOrder(values);
    setErrors(found);
    if (!input) return;
    setBusy(true);
    try {
      await create(input);
      setValues(emptyOrder());
      onClose();
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(issuesToErrors(error.issues, ORDER_FIELDS, { blank: (f) => values[f].trim() === '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="order-form">
          <DialogBody>
            <DialogTitle>{t('form.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('form.fields.title')} required {...field('title')}>
                <Input name="title" value={values.title} onChange={set('title')} maxLength={200} />
              </Field>
              <Field label={t('form.fields.description')} required {...field('description')}>
                <Textarea name="description" value={values.description} onChange={set('description')} resize="vertical" />
              </Field>
              <div className={styles.pair}>
                <Field label={t('form.fields.quantity')} required hint={t('form.hints.quantity')} {...field('quantity')}>
                  <Input name="quantity" type="number" inputMode="decimal" min={0.1} step={0.1} value={values.quantity} onChange={set('quantity')} />
                </Field>
                <Field label={t('form.fields.unit')} required hint={t('form.hints.unit')} {...field('unit')}>
                  <Input name="unit" value={values.unit} onChange={set('unit')} />
                </Field>
              </div>
              <Field label={t('form.fields.location')} required {...field('location')}>
                <Input name="location" value={values.location} onChange={set('location')} />
              </Field>
              <Field label={t('form.fields.urgency_level')} {...field('urgency_level')}>
                <Select name="urgency_level" value={values.urgency_level} onChange={(_, d) => setValues((v) => ({ ...v, urgency_level: d.value as OrderValues['urgency_level'] }))}>
                  {URGENCIES.map((u) => (
                    <option key={u} value={u}>
                      {t(`urgency.${u}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className={styles.pair}>
                <Field label={t('form.fields.budget_range_min')} {...field('budget_range_min')}>
                  <Input name="budget_range_min" type="number" inputMode="decimal" min={0} step={0.01} value={values.budget_range_min} onChange={set('budget_range_min')} />
                </Field>
                <Field label={t('form.fields.budget_range_max')} {...field('budget_range_max')}>
                  <Input name="budget_range_max" type="number" inputMode="decimal" min={0} step={0.01} value={values.budget_range_max} onChange={set('budget_range_max')} />
                </Field>
              </div>
              <Field label={t('form.fields.delivery_deadline')} hint={t('form.hints.delivery_deadline')} {...field('delivery_deadline')}>
                <Input name="delivery_deadline" type="datetime-local" value={values.delivery_deadline} onChange={set('delivery_deadline')} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="order-submit">
                {t('form.submit')}
              </Button>
              <Button type="button" onClick={onClose}>
                {t('form.cancel')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
