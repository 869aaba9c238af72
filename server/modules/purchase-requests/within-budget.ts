/**
 * A request spends its budget lines: a line that names one may ask at most what is left of
 * it, its budget less what the site's orders have committed on it (the budget's own figures,
 * sites/budget.ts), counted with VAT as the request's amount is. Asking more is refused
 * over_budget_line, each such line named, for everyone but the company's owner, who sets the
 * budgets and is the top of every site's levels. An unpriced line asks an unknown amount: it
 * is not refused here, and goes through every level instead (shared/approval-levels.ts).
 */
import type { Knex } from 'knex';
import { overBudgetLine, type ErrorDetails } from '../../../shared/errors';
import type { PurchaseRequestCreate } from '../../../shared/schemas/purchase-request';
import { lineAmounts } from '../../../shared/vat';
import type { SessionUser } from '../../auth/session-user';
import { budgetFigures } from '../sites/budget';

const halalas = (sar: number) => Math.round(sar * 100);

export async function assertWithinBudget(trx: Knex.Transaction, user: SessionUser, siteId: string, lines: PurchaseRequestCreate['lines']): Promise<void> {
  if (user.member_role === 'owner') return;
  const asked = new Map<string, number>();
  for (const l of lines) {
    if (!l.budget_line_id || l.estimated_unit_price == null) continue;
    const { line_total, vat_amount } = lineAmounts(l.quantity, l.estimated_unit_price);
    asked.set(l.budget_line_id, (asked.get(l.budget_line_id) ?? 0) + halalas(line_total) + halalas(vat_amount));
  }
  if (!asked.size) return;
  const figures = await budgetFigures(trx, siteId);
  const budgets = new Map<string, number>(
    (await trx('site_budget_lines').whereIn('id', [...asked.keys()]).select('id', 'budget_amount')).map((b: { id: string; budget_amount: string }) => [b.id, halalas(Number(b.budget_amount))]),
  );
  const over = new Set([...asked].filter(([id, amount]) => amount + halalas(figures.get(id)?.committed ?? 0) > (budgets.get(id) ?? 0)).map(([id]) => id));
  const errors: ErrorDetails = lines.flatMap((l, i) =>
    l.budget_line_id && over.has(l.budget_line_id) ? [{ path: `lines.${i}.budget_line_id`, message: 'asks more than is left of this budget line', code: 'over_budget_line' }] : [],
  );
  if (errors.length) throw overBudgetLine('These lines ask more than is left of their budget lines: the owner raises it, or the budget', errors);
}
