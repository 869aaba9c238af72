/** Local effects of notification, subscription, profile and tax profile writes (see types.ts). */
import { FREE_TRIAL_DAYS, FREE_TRIAL_PLAN } from '../../../shared/constants';
import { FREE_PLAN_ID, subscriptionWithoutRow, type SubscriptionPlan } from '../../../shared/schemas/subscription';
import { taxProfileFromInput } from '../../../shared/schemas/tax-profile';
import { rowKey, type AnyRow, type EffectContext, type RowKey } from '../db/schema';
import { defined, patchRow, type EffectTable, type RowMap } from './types';

type Account = Pick<EffectTable, 'notification.read' | 'notification.read_all' | 'subscription.free_trial' | 'profile.save' | 'tax_profile.save'>;

const DAY = 24 * 60 * 60 * 1000;

/** The caller's subscription row, or what having none means (the free plan), from the rows of its keys. */
function subscriptionOf(rows: RowMap, ctx: EffectContext): AnyRow | null {
  const row = rows.get(rowKey('subscription', ctx.user_id));
  if (row) return row;
  const free = rows.get(rowKey('plan', FREE_PLAN_ID));
  return free ? { id: ctx.user_id, ...subscriptionWithoutRow(free as unknown as SubscriptionPlan) } : null;
}

export const accountEffects: Account = {
  'notification.read': {
    keys: async (args) => [rowKey('notification', args.id)],
    apply(args, rows) {
      const key = rowKey('notification', args.id);
      const row = rows.get(key);
      if (row) rows.set(key, { ...row, is_read: true });
    },
  },
  'notification.read_all': {
    // The unread ones this device knows of; any the server has and this device does not
    // are marked read there too and arrive with the next pull.
    keys: async (_args, read) =>
      (await read.all('notification')).filter((n) => !n.is_read).map((n) => rowKey('notification', n.id)),
    apply(_args, rows) {
      for (const [key, row] of rows) if (row && !row.is_read) rows.set(key, { ...row, is_read: true });
    },
  },
  'subscription.free_trial': {
    keys: async (_args, _read, ctx) => [rowKey('subscription', ctx.user_id), rowKey('plan', FREE_TRIAL_PLAN), rowKey('plan', FREE_PLAN_ID)] as RowKey[],
    apply(_args, rows, ctx) {
      const key = rowKey('subscription', ctx.user_id);
      const current = subscriptionOf(rows, ctx);
      const plan = rows.get(rowKey('plan', FREE_TRIAL_PLAN));
      if (!current || !plan || current.free_trial_used) return;
      rows.set(key, {
        ...current,
        subscription_plan: FREE_TRIAL_PLAN,
        status: 'trialing',
        free_trial_used: true,
        trial_ends_at: new Date(Date.parse(ctx.now) + FREE_TRIAL_DAYS * DAY).toISOString(),
        plan,
      });
    },
  },
  'profile.save': {
    // The caller's own profile: the fields sent change (null clears one), the rest stay,
    // as on the server. The role cannot change there, so it is not taken from the args.
    keys: async (_args, _read, ctx) => [rowKey('profile', ctx.user_id)],
    apply({ role: _role, ...fields }, rows, ctx) {
      patchRow(rows, rowKey('profile', ctx.user_id), defined(fields), ctx);
    },
  },
  'tax_profile.save': {
    // The company's profile row carries its tax profile; the profile's VAT and CR numbers
    // change with it, as on the server (a tax profile earns no tier: onboarding does).
    keys: async (_args, _read, ctx) => [rowKey('profile', ctx.user_id)],
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('profile', ctx.user_id), { vat_number: args.vat_number, cr_number: args.cr_number, tax_profile: taxProfileFromInput(args, ctx.now) }, ctx);
    },
  },
};
