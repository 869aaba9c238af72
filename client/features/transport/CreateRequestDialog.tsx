import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FieldPair, FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { DECIMAL_INPUT } from '../../ui/formInput';
import { useTransportMutations } from './mutations';
import { REQUEST_FIELDS, emptyRequest, validateRequest, type RequestValues, type TransportFormError } from './requestForm';
import { VEHICLE_TYPES } from './status';

/** Message of an error key: the shared ones in common, the forms' own in transport. */
export function useErrorText() {
  const { t } = useTranslation(['transport', 'common']);
  return (key: TransportFormError | undefined) => (!key ? undefined : key === 'required' || key === 'invalid' ? t(`common:validation.${key}`) : t(`form.errors.${key}`));
}

/** A phone typed on a phone: the dial pad, left to right in an Arabic form too. */
const PHONE_INPUT = { type: 'tel', inputMode: 'tel', autoComplete: 'off', dir: 'ltr' } as const;

/** The deal a request moves: a fulfilled instant order, a project awarded to the requester, or their accepted purchase order. */
export type Deal = { instant_order_id: string } | { project_id: string } | { purchase_order_id: string };

/**
 * The new transport request form (anyone but a transport company): queued at once, sent
 * when online. From a deal it opens filled in (where from, where to, whom the driver
 * calls at each end, the cargo) and the request carries the deal's id.
 */
export function CreateRequestDialog({ onClose, initial, deal }: { onClose: () => void; initial?: Partial<RequestValues>; deal?: Deal }) {
  const { t } = useTranslation(['transport', 'common']);
  const { create } = useTransportMutations();
  const form = useOutboxForm({
    initial: () => ({ ...emptyRequest(), ...initial }),
    fields: REQUEST_FIELDS,
    validate: validateRequest,
    write: (input: Parameters<typeof create>[0]) => create({ ...input, ...deal }),
    onDone: onClose,
    errorText: useErrorText(),
  });
  return (
    <FormDialog
      title={deal ? t('deal.formTitle') : t('form.title')}
      submitLabel={t('form.submit')}
      cancelLabel={t('form.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="request-form"
      submitTestId="request-submit"
    >
      <Field label={t('form.fields.pickup_location')} required {...form.field('pickup_location')}>
        <Input name="pickup_location" value={form.values.pickup_location} onChange={form.set('pickup_location')} />
      </Field>
      <FieldPair>
        <Field label={t('form.fields.pickup_contact_name')} {...form.field('pickup_contact_name')}>
          <Input name="pickup_contact_name" autoComplete="off" value={form.values.pickup_contact_name} onChange={form.set('pickup_contact_name')} />
        </Field>
        <Field label={t('form.fields.pickup_contact_phone')} {...form.field('pickup_contact_phone')}>
          <Input name="pickup_contact_phone" {...PHONE_INPUT} value={form.values.pickup_contact_phone} onChange={form.set('pickup_contact_phone')} />
        </Field>
      </FieldPair>
      <Field label={t('form.fields.delivery_location')} required {...form.field('delivery_location')}>
        <Input name="delivery_location" value={form.values.delivery_location} onChange={form.set('delivery_location')} />
      </Field>
      <FieldPair>
        <Field label={t('form.fields.delivery_contact_name')} {...form.field('delivery_contact_name')}>
          <Input name="delivery_contact_name" autoComplete="off" value={form.values.delivery_contact_name} onChange={form.set('delivery_contact_name')} />
        </Field>
        <Field label={t('form.fields.delivery_contact_phone')} {...form.field('delivery_contact_phone')}>
          <Input name="delivery_contact_phone" {...PHONE_INPUT} value={form.values.delivery_contact_phone} onChange={form.set('delivery_contact_phone')} />
        </Field>
      </FieldPair>
      <Field label={t('form.fields.cargo_description')} required {...form.field('cargo_description')}>
        <Textarea name="cargo_description" value={form.values.cargo_description} onChange={form.set('cargo_description')} resize="vertical" />
      </Field>
      <FieldPair>
        <Field label={t('form.fields.cargo_weight')} {...form.field('cargo_weight')}>
          <Input name="cargo_weight" {...DECIMAL_INPUT} value={form.values.cargo_weight} onChange={form.set('cargo_weight')} />
        </Field>
        <Field label={t('form.fields.cargo_volume')} {...form.field('cargo_volume')}>
          <Input name="cargo_volume" {...DECIMAL_INPUT} value={form.values.cargo_volume} onChange={form.set('cargo_volume')} />
        </Field>
      </FieldPair>
      <Field label={t('form.fields.vehicle_type_required')} {...form.field('vehicle_type_required')}>
        <Select name="vehicle_type_required" value={form.values.vehicle_type_required} onChange={form.set('vehicle_type_required')}>
          <option value="">{t('vehicles.any')}</option>
          {VEHICLE_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(`vehicles.${v}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('form.fields.preferred_pickup_time')} {...form.field('preferred_pickup_time')}>
        <Input name="preferred_pickup_time" type="datetime-local" value={form.values.preferred_pickup_time} onChange={form.set('preferred_pickup_time')} />
      </Field>
      <Field label={t('form.fields.preferred_delivery_time')} {...form.field('preferred_delivery_time')}>
        <Input name="preferred_delivery_time" type="datetime-local" value={form.values.preferred_delivery_time} onChange={form.set('preferred_delivery_time')} />
      </Field>
      <Field label={t('form.fields.budget')} {...form.field('budget')}>
        <Input name="budget" {...DECIMAL_INPUT} value={form.values.budget} onChange={form.set('budget')} />
      </Field>
    </FormDialog>
  );
}
