/**
 * Bid receipts: every accepted submission, amendment or withdrawal of a bid leaves a
 * receipt with the digest of the version's canonical form (shared/tender.ts), written in
 * the transaction that accepted it (bids.ts). Only the bidder reads their receipts; the
 * opening record lists the same digests, so a bidder can check what was opened.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { assertRole } from '../../auth/guards';
import { notFound } from '../../../shared/errors';
import { bidDigest, type CanonicalBidInput } from '../../../shared/tender';
import type { BidReceipt } from '../../../shared/schemas/tender';
import { bidQuery } from './queries';

/** Records an accepted submission, amendment or withdrawal with its digest; returns the digest. */
export async function writeReceipt(
  trx: Knex.Transaction,
  r: {
    bid_id: string;
    project_id: string;
    contractor_id: string;
    kind: BidReceipt['kind'];
    amount: number;
    estimated_completion_days: number | null;
    proposal: string;
    received_at: Date;
  },
  /** the version's technical envelope and bond (two envelopes, a bond asked): in its digest, not stored again here */
  envelope: Pick<CanonicalBidInput, 'technical' | 'bid_bond'> = {},
): Promise<string> {
  const digest = await bidDigest({ ...r, ...envelope });
  await trx('bid_receipts').insert({ ...r, digest });
  return digest;
}

const receiptColumns = [
  'r.id',
  'r.bid_id',
  'r.project_id',
  'r.contractor_id',
  'r.kind',
  'r.amount',
  'r.estimated_completion_days',
  'r.proposal',
  'r.received_at',
  'r.digest',
];

/** GET /api/bids/{id}/receipts: the bidder's receipts of one bid, newest first (nobody else's). */
export async function listReceipts(db: Knex, user: SessionUser, bidId: string): Promise<BidReceipt[]> {
  assertRole(user, 'contractor');
  const bid = await bidQuery(db).where({ 'b.id': bidId, 'b.contractor_id': user.account_id }).first('b.id');
  if (!bid) throw notFound('Bid');
  return db('bid_receipts as r')
    .where('r.bid_id', bidId)
    .orderBy([
      { column: 'r.received_at', order: 'desc' },
      { column: 'r.created_at', order: 'desc' },
    ])
    .select(receiptColumns);
}
