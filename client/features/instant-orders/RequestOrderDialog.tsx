/**
 * The instant order of an approved one-line purchase request, in the instant order form:
 * its material, quantity, site and budget line are the request's line as approved (shown,
 * not edited: the server carries them over itself); the buyer names the title and place
 * (prefilled as the server would default them), the urgency, a budget range and a
 * deadline. Checked by the same shared schema as a new order, then queued as
 * purchase_request.instant_order, offline too.
 */
import { Field, Input, Select, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { FieldPair, FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { DECIMAL_INPUT } from '../../ui/formInput';
import { useRequestMutations } from '../purchase-requests/mutations';
import type { ShownRequest } from '../purchase-requests/queries';
import type { ShownSite } from '../sites/queries';
import { budgetLineLabel } from '../sites/SitePicker';
import { useErrorText } from './CreateOrderDialog';
import { ORDER_FIELDS, URGENCIES, emptyOrder, validateOrder, type OrderValues } from './orderForm';

/** The form's values: the request's one line, its site and budget line, its title and place as the server defaults them. */
function valuesOf(request: ShownRequest, site: ShownSite | null): OrderValues {
  const [line] = request.lines;
  const budget = site?.budget_lines.find((b) => b.id === line.budget_line_id);
  return {
    ...emptyOrder(),
    title: request.number ? `${request.number} · ${request.site_name}` : request.site_name,
    description: line.description,
    quantity: String(line.quantity),
    unit: line.unit,
    category_id: budget?.category_id ?? '',
    location: site?.location ?? request.site_name,
    site_id: request.site_id,
    budget_line_id: line.budget_line_id ?? '',
  };
}

export function RequestOrderDialog({ request, site, onClose, onDone }: { request: ShownRequest; site: ShownSite | null; onClose: () => void; onDone: (orderId: string) => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const format = useFormat();
  const { toInstantOrder } = useRequestMutations();
  const [line] = request.lines;
  const budget = site?.budget_lines.find((b) => b.id === line.budget_line_id);
  const form = useOutboxForm({
    initial: () => valuesOf(request, site),
    fields: ORDER_FIELDS,
    validate: validateOrder,
    write: ({ title, location, urgency_level, budget_range_min, budget_range_max, delivery_deadline }) =>
      toInstantOrder(request.id, { title, location, urgency_level: urgency_level ?? 'normal', budget_range_min, budget_range_max, delivery_deadline }),
    onDone: (_reset, id) => onDone(id),
    errorText: useErrorText(),
  });
  return (
    <FormDialog
      title={t('fromRequest.title')}
      submitLabel={t('form.submit')}
      cancelLabel={t('form.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="request-order-form"
      submitTestId="request-order-submit"
    >
      <div data-testid="request-order-line">
        <Text weight="semibold" block>
          <bdi>{line.description}</bdi>
        </Text>
        <Text block>
          {format.number(line.quantity)} <bdi>{line.unit}</bdi>
        </Text>
        <Text size={200} block>
          {budget ? t('fromRequest.budgetLine', { line: budgetLineLabel(budget) }) : t('form.noBudgetLine')}
        </Text>
        <Text size={200} block>
          {t('fromRequest.lineNote')}
        </Text>
        {/* The line is the request's and is not edited here: what an instant order cannot take of it is said, not hidden. */}
        {(['description', 'quantity', 'unit'] as const).map((f) => {
          const { validationMessage } = form.field(f);
          return validationMessage ? (
            <Text key={f} block role="alert" data-testid="request-order-line-error">
              {t(`form.fields.${f}`)}: {validationMessage}
            </Text>
          ) : null;
        })}
      </div>
      <Field label={t('form.fields.title')} required {...form.field('title')}>
        <Input name="title" value={form.values.title} onChange={form.set('title')} maxLength={200} />
      </Field>
      <Field label={t('form.fields.location')} required {...form.field('location')}>
        <Input name="location" value={form.values.location} onChange={form.set('location')} />
      </Field>
      <Field label={t('form.fields.urgency_level')} {...form.field('urgency_level')}>
        <Select name="urgency_level" value={form.values.urgency_level} onChange={(_, d) => form.setValues((v) => ({ ...v, urgency_level: d.value as OrderValues['urgency_level'] }))}>
          {URGENCIES.map((u) => (
            <option key={u} value={u}>
              {t(`urgency.${u}`)}
            </option>
          ))}
        </Select>
      </Field>
      <FieldPair>
        <Field label={t('form.fields.budget_range_min')} {...form.field('budget_range_min')}>
          <Input name="budget_range_min" {...DECIMAL_INPUT} value={form.values.budget_range_min} onChange={form.set('budget_range_min')} />
        </Field>
        <Field label={t('form.fields.budget_range_max')} {...form.field('budget_range_max')}>
          <Input name="budget_range_max" {...DECIMAL_INPUT} value={form.values.budget_range_max} onChange={form.set('budget_range_max')} />
        </Field>
      </FieldPair>
      <Field label={t('form.fields.delivery_deadline')} hint={t('form.hints.delivery_deadline')} {...form.field('delivery_deadline')}>
        <Input name="delivery_deadline" type="datetime-local" value={form.values.delivery_deadline} onChange={form.set('delivery_deadline')} />
      </Field>
    </FormDialog>
  );
}
