/**
 * A suspended company in the demo marketplace, so a newcomer sees a suspension: the admin
 * panel's users tab shows it suspended and why, and its page says it is suspended. The
 * equipment-rental supplier: no demo sign-in account acts for it, so no walkthrough meets
 * a refusal. Written as the admin's suspension writes it (admin/suspensions.ts).
 */
import type { Knex } from 'knex';

const DEMO_SUSPENSION = {
  company: 'equipment',
  reason: 'شهادة التأمين على المعدات منتهية منذ شهرين؛ يُرفع الإيقاف عند رفع الشهادة المجددة.',
  daysAgo: 3,
} as const;

export async function insertDemoSuspension(trx: Knex.Transaction, ctx: { at: (offsetMs: number) => Date; companyId: (key: typeof DEMO_SUSPENSION.company | 'admin') => string }): Promise<void> {
  await trx('profiles')
    .where({ user_id: ctx.companyId(DEMO_SUSPENSION.company) })
    .update({ suspended_at: ctx.at(-DEMO_SUSPENSION.daysAgo * 86_400_000), suspension_reason: DEMO_SUSPENSION.reason, suspended_by: ctx.companyId('admin') });
}
