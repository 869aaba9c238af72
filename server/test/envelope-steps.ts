/**
 * Two-envelope tenders in tests (tests only): a tender, a bidder's technical envelope (a
 * bid document and a text) and bond (another bid document), and the owner's steps, all
 * through the API as the app does them.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { Client } from './factories';
import { postBid, postProject } from './factories';
import { attachBidDocument, tinyPdf } from './document-steps';

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A two-envelope tender without a deadline (its owner closes the bidding), asking a 2 % bid bond unless `over` says otherwise. */
export const twoEnvelopeTender = (gov: Client, over: Record<string, unknown> = {}) => postProject(gov, { envelopes: 2, bid_bond_percent: 2, ...over });

/** A bid document of `client` on the project; answers its row. */
export async function bidDocument(client: Client, projectId: string, title = 'العرض الفني') {
  const res = await attachBidDocument(client, projectId, tinyPdf(`${title} ${crypto.randomUUID()}`), title);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; sha256: string };
}

/**
 * A bid with a technical envelope (a text and one document) and, when `bondExpires` is a
 * day, a bond expiring then (null: no bond). Answers the bid's response and its documents.
 */
export async function envelopeBid(client: Client, projectId: string, amount: number, bondExpires: string | null) {
  const technical = await bidDocument(client, projectId);
  const guarantee = bondExpires ? await bidDocument(client, projectId, 'خطاب الضمان') : null;
  const res = await postBid(client, projectId, {
    amount,
    technical: { text: 'منهجية التنفيذ وفريق العمل', document_ids: [technical.id] },
    ...(guarantee ? { bid_bond: { document_id: guarantee.id, number: 'LG-2026-0042', bank: 'البنك الأهلي السعودي', expires_on: bondExpires } } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return { bid: res.body, technical, guarantee };
}

export const push = (client: Client, name: string, args: Record<string, unknown>) =>
  client.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name, args }] });
