/**
 * The user's subscription as the local store has it. No row means the free plan (the
 * server creates the row at the first subscribe or trial), as GET /api/subscription/my
 * says: undefined only while not even the plans are in the store (before the first sync).
 */
import { FREE_PLAN_ID, subscriptionWithoutRow, type UserSubscription } from '../../../shared/schemas/subscription';
import type { BinaaDb } from '../db/database';

export async function readSubscription(db: BinaaDb): Promise<UserSubscription | undefined> {
  const [row, free] = await Promise.all([db.subscription.toCollection().first(), db.plans.get(FREE_PLAN_ID)]);
  return row ?? (free ? subscriptionWithoutRow(free) : undefined);
}
