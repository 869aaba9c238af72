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
import { useTransportMutations } from './mutations';
import { REQUEST_FIELDS, emptyRequest, validateRequest, type RequestErrors, type RequestField, type RequestValues } from './requestForm';
import { VEHICLE_TYPES } from './status';

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

/** Message of an error key: the shared ones in common, the forms' own in transport. */
export function useErrorText() {
  const { t } = useTranslation(['transport', 'common']);
  return (key: string | undefined) => (!key ? undefined : key === 'required' || key === 'invalid' ? t(`common:validation.${key}`) : t(`form.errors.${key}`));
}

/** The new transport request form (anyone but a transport company): queued at once, sent when online. */
export function CreateRequestDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['transport', 'common']);
  const errorText = useErrorText();
  const { create } = useTransportMutations();
  const [values, setValues] = useState<RequestValues>(emptyRequest);
  const [errors, setErrors] = useState<RequestErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (f: RequestField) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [f]: data.value }));
  const field = (name: RequestField) => ({
    label: t(`form.fields.${name}`),
    validationMessage: errorText(errors[name]),
    validationState: errors[name] ? ('error' as const) : ('none' as const),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { errors: found, input } = validateRequest(values);
    setErrors(found);
    if (!input) return;
    setBusy(true);
    try {
      await create(input);
      onClose();
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(issuesToErrors(error.issues, REQUEST_FIELDS, { blank: (f) => values[f].trim() === '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="request-form">
          <DialogBody>
            <DialogTitle>{t('form.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field required {...field('pickup_location')}>
                <Input name="pickup_location" value={values.pickup_location} onChange={set('pickup_location')} />
              </Field>
              <Field required {...field('delivery_location')}>
                <Input name="delivery_location" value={values.delivery_location} onChange={set('delivery_location')} />
              </Field>
              <Field required {...field('cargo_description')}>
                <Textarea name="cargo_description" value={values.cargo_description} onChange={set('cargo_description')} resize="vertical" />
              </Field>
              <div className={styles.pair}>
                <Field {...field('cargo_weight')}>
                  <Input name="cargo_weight" type="number" inputMode="decimal" min={0} step={0.01} value={values.cargo_weight} onChange={set('cargo_weight')} />
                </Field>
                <Field {...field('cargo_volume')}>
                  <Input name="cargo_volume" type="number" inputMode="decimal" min={0} step={0.01} value={values.cargo_volume} onChange={set('cargo_volume')} />
                </Field>
              </div>
              <Field {...field('vehicle_type_required')}>
                <Select name="vehicle_type_required" value={values.vehicle_type_required} onChange={(_, d) => setValues((v) => ({ ...v, vehicle_type_required: d.value }))}>
                  <option value="">{t('vehicles.any')}</option>
                  {VEHICLE_TYPES.map((v) => (
                    <option key={v} value={v}>
                      {t(`vehicles.${v}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field {...field('preferred_pickup_time')}>
                <Input name="preferred_pickup_time" type="datetime-local" value={values.preferred_pickup_time} onChange={set('preferred_pickup_time')} />
              </Field>
              <Field {...field('preferred_delivery_time')}>
                <Input name="preferred_delivery_time" type="datetime-local" value={values.preferred_delivery_time} onChange={set('preferred_delivery_time')} />
              </Field>
              <Field {...field('budget')}>
                <Input name="budget" type="number" inputMode="decimal" min={0} step={0.01} value={values.budget} onChange={set('budget')} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="request-submit">
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
