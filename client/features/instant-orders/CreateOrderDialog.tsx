import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FieldPair, FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { DECIMAL_INPUT } from '../../ui/formInput';
import { useCategories } from '../products/queries';
import { useSite } from '../sites/queries';
import { BudgetLineSelect, SiteSelect, budgetLinesOf } from '../sites/SitePicker';
import { useCategoryLabel } from '../rfqs/useCategoryLabel';
import { useOrderMutations } from './mutations';
import { ORDER_FIELDS, URGENCIES, emptyOrder, validateOrder, type OrderValues, type OrdersFormError } from './orderForm';

/** Message of an error key: the shared ones in common, the form's own in orders. */
export function useErrorText() {
  const { t } = useTranslation(['orders', 'common']);
  return (key: OrdersFormError | undefined) => (!key ? undefined : key === 'required' || key === 'invalid' ? t(`common:validation.${key}`) : t(`form.errors.${key}`));
}

/** The contractor's new-order form: queued at once, sent when online. */
export function CreateOrderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const { create } = useOrderMutations();
  const categories = useCategories();
  const categoryName = useCategoryLabel();
  const form = useOutboxForm({
    initial: emptyOrder,
    fields: ORDER_FIELDS,
    validate: validateOrder,
    write: create,
    onDone: (reset) => {
      reset();
      onClose();
    },
    errorText: useErrorText(),
  });
  const site = useSite(form.values.site_id);
  const budgetLines = form.values.site_id ? budgetLinesOf(site) : [];
  return (
    <FormDialog
      open={open}
      title={t('form.title')}
      submitLabel={t('form.submit')}
      cancelLabel={t('form.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="order-form"
      submitTestId="order-submit"
    >
      <Field label={t('form.fields.title')} required {...form.field('title')}>
        <Input name="title" value={form.values.title} onChange={form.set('title')} maxLength={200} />
      </Field>
      <Field label={t('form.fields.description')} required {...form.field('description')}>
        <Textarea name="description" value={form.values.description} onChange={form.set('description')} resize="vertical" />
      </Field>
      <FieldPair>
        <Field label={t('form.fields.quantity')} required hint={t('form.hints.quantity')} {...form.field('quantity')}>
          <Input name="quantity" {...DECIMAL_INPUT} value={form.values.quantity} onChange={form.set('quantity')} />
        </Field>
        <Field label={t('form.fields.unit')} required hint={t('form.hints.unit')} {...form.field('unit')}>
          <Input name="unit" value={form.values.unit} onChange={form.set('unit')} />
        </Field>
      </FieldPair>
      <Field label={t('form.fields.category_id')} hint={t('form.hints.category_id')} {...form.field('category_id')}>
        <Select name="category_id" value={form.values.category_id} onChange={(_, d) => form.setValues((v) => ({ ...v, category_id: d.value }))}>
          <option value="">{t('form.noCategory')}</option>
          {(categories ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {categoryName(c.id)}
            </option>
          ))}
        </Select>
      </Field>
      <SiteSelect
        value={form.values.site_id || null}
        // Another site has other budget lines; the place is the site's unless one is typed.
        onChange={(chosen) => form.setValues((v) => ({ ...v, site_id: chosen?.id ?? '', budget_line_id: '', location: v.location.trim() ? v.location : (chosen?.location ?? '') }))}
        label={t('form.fields.site_id')}
        none={t('form.noSite')}
        hint={t('form.hints.site_id')}
        testId="order-site"
      />
      {budgetLines.length > 0 && (
        <BudgetLineSelect
          lines={budgetLines}
          value={form.values.budget_line_id || null}
          onChange={(id) => {
            const budget = budgetLines.find((b) => b.id === id);
            // A budget line fills what the order still leaves blank: its material, unit and category.
            form.setValues((v) => ({
              ...v,
              budget_line_id: id ?? '',
              ...(budget && !v.description.trim() ? { description: budget.description } : {}),
              ...(budget && !v.unit.trim() ? { unit: budget.unit } : {}),
              ...(budget && !v.category_id && budget.category_id ? { category_id: budget.category_id } : {}),
            }));
          }}
          label={t('form.fields.budget_line_id')}
          none={t('form.noBudgetLine')}
          testId="order-budget-line"
        />
      )}
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
