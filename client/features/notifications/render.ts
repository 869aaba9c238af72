/**
 * A notification in the reader's current language: its `kind` (one of the shared list,
 * shared/schemas/notification.ts) picks the sentence of the notifications namespace
 * (kinds.<kind>) and `params` fill it, with amounts in SAR,
 * dates and statuses in the reader's language and user data isolated. An unknown kind
 * (a newer server) falls back to the title and message the server stored.
 */
import type { LookupWithFallback } from '../../i18n/keys';
import { isNotificationKind } from '../../../shared/schemas/notification';
import type { NotificationItem } from '../../data/types';

export interface Formatters {
  sar: (v: number) => string;
  number: (v: number) => string;
  date: (v: string) => string;
}

const TEXT_PARAMS = ['company', 'project_title', 'title', 'location', 'order_title', 'pickup', 'delivery'];

function renderParams(t: LookupWithFallback, params: Record<string, unknown>, f: Formatters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if ((key === 'amount' || key === 'price') && typeof value === 'number') out[key] = f.sar(value);
    else if ((key === 'days' || key === 'bid_count') && typeof value === 'number') out[key] = f.number(value);
    else if (key === 'date') out[key] = f.date(String(value));
    else if (TEXT_PARAMS.includes(key)) out[key] = String(value);
    else out[key] = String(value);
  }
  if (typeof params.status === 'string') out.status = t(`notifications:transportStatus.${params.status}`, { defaultValue: params.status });
  if (typeof params.plan_id === 'string') out.plan = t(`notifications:plans.${params.plan_id}`, { defaultValue: String(params.plan ?? params.plan_id) });
  else if (typeof params.plan === 'string') out.plan = t(`notifications:plans.${params.plan.toLowerCase()}`, { defaultValue: params.plan });
  for (const key of ['tier', 'previous']) if (typeof params[key] === 'string') out[key] = t(`common:tiers.${params[key]}`, { defaultValue: String(params[key]) });
  if (typeof params.action === 'string') out.action = t(`sync:actions.${params.action}`, { defaultValue: params.action });
  if (typeof params.code === 'string') out.reason = t(`errors:${params.code}`, { defaultValue: String(params.reason ?? params.code) });
  return out;
}

export function renderNotification(t: LookupWithFallback, n: Pick<NotificationItem, 'kind' | 'params' | 'title' | 'message'>, f: Formatters): { title: string; message: string } {
  if (!isNotificationKind(n.kind)) return { title: n.title, message: n.message };
  const values = renderParams(t, n.params ?? {}, f);
  // A kind that counts (one sync.rejected for all of a push's refusals; a trial, its days)
  // picks its plural form by the number itself; without one the stored text stands.
  const counted = [n.params?.count, n.params?.days].find((v) => typeof v === 'number');
  const count = counted === undefined ? {} : { count: counted };
  return {
    title: t(`notifications:kinds.${n.kind}.title`, { ...values, ...count, defaultValue: n.title }),
    message: t(`notifications:kinds.${n.kind}.message`, { ...values, ...count, defaultValue: n.message }),
  };
}
