/**
 * One line of the RFQ being built or edited: what, how much, its category, and, when the
 * request names a site, the site's budget line it spends. Choosing a budget line fills what
 * the line still leaves blank from it (its description, unit and category), so a line
 * taken from the budget is one tap.
 */
import { Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { FieldPair } from '../../ui/FormDialog';
import { DECIMAL_INPUT } from '../../ui/formInput';
import { BudgetLineSelect, type budgetLinesOf } from '../sites/SitePicker';
import type { DraftLine, RfqDraftStore } from './draft';
import type { DraftErrors, RfqFormError } from './rfqForm';

const useStyles = makeStyles({
  line: { display: 'grid', gap: tokens.spacingVerticalS, paddingBlockEnd: tokens.spacingVerticalM, borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2, minInlineSize: 0 },
  lineHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground2 },
});

type UpdateDraft = RfqDraftStore['update'];
type BudgetLines = ReturnType<typeof budgetLinesOf>;
const setLine = (update: UpdateDraft, id: string, patch: Partial<DraftLine>) => update((v) => ({ ...v, lines: v.lines.map((l) => (l.id === id ? { ...l, ...patch } : l)) }));

export function DraftLineFields({
  line,
  position,
  errors,
  message,
  categories,
  categoryName,
  budgetLines,
  update,
}: {
  line: DraftLine;
  position: number;
  errors: DraftErrors['lines'][string] | undefined;
  message: (key: RfqFormError | undefined) => string | undefined;
  categories: ReadonlyArray<{ id: string }>;
  categoryName: (id: string | null) => string;
  /** the draft's site's budget lines; none when it names no site */
  budgetLines: BudgetLines;
  update: UpdateDraft;
}) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  const state = (f: 'description' | 'quantity' | 'unit') => ({
    validationMessage: message(errors?.[f]),
    validationState: errors?.[f] ? ('error' as const) : ('none' as const),
  });
  const chooseBudgetLine = (budgetLineId: string | null) => {
    const budget = budgetLines.find((b) => b.id === budgetLineId);
    setLine(update, line.id, {
      budget_line_id: budget?.id ?? null,
      ...(budget && !line.description.trim() ? { description: budget.description } : {}),
      ...(budget && !line.unit.trim() ? { unit: budget.unit } : {}),
      ...(budget && !line.category_id && budget.category_id ? { category_id: budget.category_id } : {}),
    });
  };
  return (
    <div className={styles.line} data-testid="draft-line" role="group" aria-label={t('builder.lineLabel', { n: format.number(position) })}>
      <div className={styles.lineHead}>
        <Text weight="semibold">{t('builder.lineLabel', { n: format.number(position) })}</Text>
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={t('builder.removeLine', { n: format.number(position) })}
          onClick={() => update((v) => ({ ...v, lines: v.lines.filter((l) => l.id !== line.id) }))}
          data-testid="remove-line"
        />
      </div>
      {budgetLines.length > 0 && (
        <BudgetLineSelect
          lines={budgetLines}
          value={line.budget_line_id ?? null}
          onChange={chooseBudgetLine}
          label={t('form.fields.budget_line')}
          none={t('form.noBudgetLine')}
          testId="line-budget"
        />
      )}
      <Field label={t('form.fields.description')} required {...state('description')}>
        <Input value={line.description} onChange={(_, d) => setLine(update, line.id, { description: d.value })} data-testid="line-description" />
      </Field>
      <FieldPair>
        <Field label={t('form.fields.quantity')} required {...state('quantity')}>
          <Input {...DECIMAL_INPUT} value={line.quantity} onChange={(_, d) => setLine(update, line.id, { quantity: d.value })} data-testid="line-quantity" />
        </Field>
        <Field label={t('form.fields.unit')} required {...state('unit')}>
          <Input value={line.unit} onChange={(_, d) => setLine(update, line.id, { unit: d.value })} data-testid="line-unit" />
        </Field>
      </FieldPair>
      <Field label={t('form.fields.category')}>
        <Select value={line.category_id ?? ''} onChange={(_, d) => setLine(update, line.id, { category_id: d.value || null })} data-testid="line-category">
          <option value="">{t('form.noCategory')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {categoryName(c.id)}
            </option>
          ))}
        </Select>
      </Field>
      {line.product_id && <Text className={styles.muted}>{t('builder.fromProduct')}</Text>}
    </div>
  );
}
