/**
 * The site a purchase is made for, and a budget line of it, as the buying forms (the RFQ
 * builder, the instant order form) offer them: the company's active sites on the device,
 * and the chosen site's budget lines in their order. Both are optional: a purchase
 * outside any site is still one. The labels are the form's own (each form its namespace).
 */
import { Field, Select } from '@fluentui/react-components';
import { useSites, type ShownSite } from './queries';

type BudgetLine = ShownSite['budget_lines'][number];

/** The company's active sites on the device, by name; undefined while they load. */
function useActiveSites() {
  return useSites()?.filter((s) => s.status === 'active');
}

/** A site's budget lines in the budget's order. */
export const budgetLinesOf = (site: { budget_lines: readonly BudgetLine[] } | null | undefined): BudgetLine[] => [...(site?.budget_lines ?? [])].sort((a, b) => a.position - b.position);

/** A budget line as a choice reads: its code, then what it is. */
export const budgetLineLabel = (b: Pick<BudgetLine, 'code' | 'description'>) => (b.code ? `${b.code} · ${b.description}` : b.description);

export function SiteSelect({
  value,
  onChange,
  label,
  none,
  hint,
  testId,
}: {
  value: string | null;
  onChange: (site: ShownSite | null) => void;
  label: string;
  /** the choice of no site */
  none: string;
  hint?: string;
  testId: string;
}) {
  const sites = useActiveSites();
  // A company with no active site on the device (or a buyer outside any company) buys for none: nothing to choose.
  if (!value && !sites?.length) return null;
  return (
    <Field label={label} hint={hint}>
      <Select value={value ?? ''} onChange={(_, d) => onChange(sites?.find((s) => s.id === d.value) ?? null)} data-testid={testId}>
        <option value="">{none}</option>
        {(sites ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function BudgetLineSelect({
  lines,
  value,
  onChange,
  label,
  none,
  testId,
}: {
  lines: readonly BudgetLine[];
  value: string | null;
  onChange: (budgetLineId: string | null) => void;
  label: string;
  /** the choice of no budget line */
  none: string;
  testId: string;
}) {
  return (
    <Field label={label}>
      <Select value={value ?? ''} onChange={(_, d) => onChange(d.value || null)} data-testid={testId}>
        <option value="">{none}</option>
        {lines.map((b) => (
          <option key={b.id} value={b.id}>
            {budgetLineLabel(b)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
