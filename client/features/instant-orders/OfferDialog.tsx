import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import { FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { DECIMAL_INPUT, WHOLE_INPUT } from '../../ui/formInput';
import { useErrorText } from './CreateOrderDialog';
import { useOrderMutations } from './mutations';
import { OFFER_FIELDS, STANDARD_VAT, offerValuesFrom, validateOffer } from './offerForm';
import { ORDER_VATEX_CODES, VATEX } from '../../../shared/vatex';

/** The supplier's offer on one order; a second one replaces the first while it is still unanswered. */
export function OfferDialog({ order, existing, onClose }: { order: InstantOrder; existing: InstantOrderResponse | undefined; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const { offer } = useOrderMutations();
  const form = useOutboxForm({
    initial: () => offerValuesFrom(existing),
    fields: OFFER_FIELDS,
    validate: (values) => validateOffer(values, order.id),
    write: (input) => offer(order.id, input, existing?.id),
    onDone: onClose,
    errorText: useErrorText(),
  });
  return (
    <FormDialog
      title={t(existing ? 'form.changeOfferTitle' : 'form.offerTitle', { title: order.title })}
      submitLabel={t('form.sendOffer')}
      cancelLabel={t('form.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="offer-form"
      submitTestId="offer-submit"
    >
      <Field label={t('form.fields.offered_price')} required {...form.field('offered_price')}>
        <Input name="offered_price" {...DECIMAL_INPUT} value={form.values.offered_price} onChange={form.set('offered_price')} />
      </Field>
      <Field label={t('form.fields.delivery_time_hours')} hint={t('form.hints.delivery_time_hours')} {...form.field('delivery_time_hours')}>
        <Input name="delivery_time_hours" {...WHOLE_INPUT} value={form.values.delivery_time_hours} onChange={form.set('delivery_time_hours')} />
      </Field>
      <Field label={t('form.fields.vat')} hint={t('form.hints.vat')} {...form.field('vat')}>
        <Select name="vat" value={form.values.vat} onChange={(_, d) => form.setValues((v) => ({ ...v, vat: d.value }))}>
          <option value={STANDARD_VAT}>{t('form.vat.standard')}</option>
          {ORDER_VATEX_CODES.map((code) => (
            <option key={code} value={code}>
              {t(VATEX[code].category === 'Z' ? 'form.vat.zero' : 'form.vat.exempt', { reason: t(`form.vatReasons.${code}`) })}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('form.fields.notes')} {...form.field('notes')}>
        <Textarea name="notes" value={form.values.notes} onChange={form.set('notes')} resize="vertical" />
      </Field>
    </FormDialog>
  );
}
