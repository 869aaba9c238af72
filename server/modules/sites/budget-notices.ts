/**
 * A budget line passing 80 % and 100 %: after orders become committed (issued, or released
 * from their company's approval), the site's company owner and its manager are told of each
 * budget line whose committed amount those orders took across a threshold: before < threshold
 * ≤ after, before being the same figures without these orders (budget.ts, the one statement
 * every reader uses), so a line is told once per crossing, and a line these orders do not
 * touch never. A line without a budget (0) has no share to pass.
 */
import type { Knex } from 'knex';
import { notify } from '../notifications/notify';
import { budgetFigures } from './budget';

const THRESHOLDS = [80, 100] as const;

/** Tells of the thresholds the orders `purchaseOrderIds` (committed now) took their sites' budget lines across. */
export async function tellBudgetPassed(trx: Knex.Transaction, purchaseOrderIds: string[]): Promise<void> {
  if (!purchaseOrderIds.length) return;
  const sites: Array<{ id: string; name: string; company_id: string; manager_id: string | null }> = await trx('sites as s')
    .whereIn('s.id', trx('purchase_orders').whereIn('id', purchaseOrderIds).whereNotNull('site_id').select('site_id'))
    .select('s.id', 's.name', 's.company_id', 's.manager_id');
  for (const site of sites) {
    const [after, before] = await Promise.all([budgetFigures(trx, site.id), budgetFigures(trx, site.id, purchaseOrderIds)]);
    const lines: Array<{ id: string; code: string | null; description: string; budget_amount: string }> = await trx('site_budget_lines')
      .where({ site_id: site.id })
      .orderBy('position')
      .select('id', 'code', 'description', 'budget_amount');
    const to = [...new Set([site.company_id, ...(site.manager_id ? [site.manager_id] : [])])];
    for (const line of lines) {
      const budget = Math.round(Number(line.budget_amount) * 100);
      if (budget <= 0) continue;
      const was = Math.round((before.get(line.id)?.committed ?? 0) * 100);
      const now = Math.round((after.get(line.id)?.committed ?? 0) * 100);
      // The highest threshold crossed is the news: a jump from 50 % to 120 % says 100 %.
      const crossed = THRESHOLDS.filter((t) => was * 100 < budget * t && budget * t <= now * 100).at(-1);
      if (crossed === undefined) continue;
      await notify(trx, {
        to,
        kind: 'site_budget.passed',
        params: { site: site.name, line: line.description.trim() || line.code || '', percent: crossed, site_id: site.id },
      });
    }
  }
}
