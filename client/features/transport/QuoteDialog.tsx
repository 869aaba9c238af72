import { Field, Input, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TransportOffer } from '../../../shared/schemas/transport-offer';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { DECIMAL_INPUT } from '../../ui/formInput';
import { useErrorText } from './CreateRequestDialog';
import { useTransportMutations } from './mutations';
import { QUOTE_FIELDS, quoteValuesFrom, validateQuote } from './quoteForm';

/** A company's quote on a pending request; a second one replaces the first while it is unanswered. */
export function QuoteDialog({ request, existing, onClose }: { request: TransportRequest; existing: TransportOffer | undefined; onClose: () => void }) {
  const { t } = useTranslation(['transport', 'common']);
  const { quote } = useTransportMutations();
  const form = useOutboxForm({
    initial: () => quoteValuesFrom(existing),
    fields: QUOTE_FIELDS,
    validate: (values) => validateQuote(values, request.id),
    write: (input) => quote(request.id, input, existing?.id),
    onDone: onClose,
    errorText: useErrorText(),
  });
  const route = t('card.route', { from: request.pickup_location, to: request.delivery_location });
  return (
    <FormDialog
      title={t(existing ? 'form.changeQuoteTitle' : 'form.quoteTitle', { route })}
      submitLabel={t('form.sendQuote')}
      cancelLabel={t('form.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="quote-form"
      submitTestId="quote-submit"
    >
      <Field label={t('form.fields.quoted_price')} required {...form.field('quoted_price')}>
        <Input name="quoted_price" {...DECIMAL_INPUT} value={form.values.quoted_price} onChange={form.set('quoted_price')} />
      </Field>
      <Field label={t('form.fields.estimated_pickup_time')} {...form.field('estimated_pickup_time')}>
        <Input name="estimated_pickup_time" type="datetime-local" value={form.values.estimated_pickup_time} onChange={form.set('estimated_pickup_time')} />
      </Field>
      <Field label={t('form.fields.estimated_delivery_time')} {...form.field('estimated_delivery_time')}>
        <Input name="estimated_delivery_time" type="datetime-local" value={form.values.estimated_delivery_time} onChange={form.set('estimated_delivery_time')} />
      </Field>
      <Field label={t('form.fields.vehicle_details')} {...form.field('vehicle_details')}>
        <Input name="vehicle_details" value={form.values.vehicle_details} onChange={form.set('vehicle_details')} />
      </Field>
      <Field label={t('form.fields.notes')} {...form.field('notes')}>
        <Textarea name="notes" value={form.values.notes} onChange={form.set('notes')} resize="vertical" />
      </Field>
    </FormDialog>
  );
}
