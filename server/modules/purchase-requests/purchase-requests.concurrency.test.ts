/**
 * Purchase requests at the same instant, through HTTP on Postgres (PGlite has one
 * connection, so nothing there runs concurrently):
 * - two approvers of one level approve at once: the request's row lock decides them one
 *   after the other, exactly one approval is recorded, the other is refused
 *   (request_not_pending when that level was the last, level_decided when one is left);
 * - one buy split into two requests sent at once: the site's row lock raises them one
 *   after the other, so the second always sums the first for its level;
 * - one approved request turned into two RFQs at once: its row lock makes one, the other is
 *   refused request_converted;
 * - two approvers of one level approve a held order at once: it is issued once, its seller
 *   told once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { as, joinCompany, type Client } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { inDays, postQuote, quoteBody } from '../../test/rfq-steps';

describe.runIf(onPostgres)('purchase requests at once (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A company whose level 2 (up to 50,000) has two approvers, the owner above, and a site of one budget line. */
  async function company() {
    const owner = await as(server, 'contractor');
    const members: Client[] = [];
    for (let i = 0; i < 3; i++) {
      const m = await signInAs(server, { role: null });
      await joinCompany(server.db.knex, m.user.id, owner.user.id, 'member');
      members.push(m);
    }
    const [first, second, engineer] = members;
    const budgetLine = crypto.randomUUID();
    const site = await owner.post('/api/sites', {
      id: crypto.randomUUID(),
      name: 'برج',
      location: 'جدة',
      budget_lines: [{ id: budgetLine, description: 'خرسانة', quantity: 100, unit: 'م3', budget_amount: 500000 }],
    });
    expect(site.status, site.text).toBe(201);
    const rules = await owner.put(`/api/sites/${site.body.id}/approval-rules`, {
      levels: [
        { up_to_amount: 5000, approver_ids: [] },
        { up_to_amount: 50000, approver_ids: [first.user.id, second.user.id] },
        { up_to_amount: null, approver_ids: [owner.user.id] },
      ],
    });
    expect(rules.status, rules.text).toBe(200);
    return { owner, approvers: [first, second] as const, engineer, site: site.body.id as string, budgetLine };
  }
  const request = (siteId: string, budgetLine: string, quantity: number) => ({
    id: crypto.randomUUID(),
    site_id: siteId,
    lines: [{ id: crypto.randomUUID(), budget_line_id: budgetLine, description: 'خرسانة', quantity, unit: 'م3', estimated_unit_price: 1000 }],
  });
  const approvalsOf = async (id: string) => Number((await server.db.knex('purchase_request_approvals').where({ purchase_request_id: id }).count('* as n').first())?.n);

  it('two approvals of one level at once: exactly one wins', async () => {
    for (let round = 0; round < 4; round++) {
      const { approvers, engineer, site, budgetLine } = await company();
      // 11,500 needs level 2 only; 115,000 levels 2 and 3.
      for (const [quantity, loser] of [
        [10, 'request_not_pending'],
        [100, 'level_decided'],
      ] as const) {
        const raised = await engineer.post('/api/purchase-requests', request(site, budgetLine, quantity));
        expect(raised.status, raised.text).toBe(201);
        const id = raised.body.id as string;
        const answers = await Promise.all(approvers.map((a) => a.post(`/api/purchase-requests/${id}/approve`, {})));
        expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
        expect(answers.find((r) => r.status === 409)!.body.code, `round ${round}`).toBe(loser);
        expect(await approvalsOf(id)).toBe(1);
        const now = (await engineer.get(`/api/purchase-requests/${id}`)).body;
        expect(now).toMatchObject(quantity === 10 ? { status: 'approved' } : { status: 'pending', next_level: 3 });
      }
    }
  });

  it('a buy split into two requests sent at once: the second sums the first', async () => {
    for (let round = 0; round < 4; round++) {
      const { engineer, site, budgetLine } = await company();
      // 40,250 each: alone the manager's band, together above it.
      const answers = await Promise.all([0, 1].map(() => engineer.post('/api/purchase-requests', request(site, budgetLine, 35))));
      expect(answers.map((r) => r.status), `round ${round}`).toEqual([201, 201]);
      const levels = answers.map((r) => r.body.required_levels).sort((a: number[], b: number[]) => a.length - b.length);
      expect(levels, `round ${round}`).toEqual([[2], [2, 3]]);
    }
  });

  it('one approved request made into two RFQs at once: one is made, the other refused', async () => {
    for (let round = 0; round < 4; round++) {
      const { approvers, engineer, site, budgetLine } = await company();
      const supplier = await as(server, 'supplier');
      const raised = (await engineer.post('/api/purchase-requests', request(site, budgetLine, 10))).body;
      expect((await approvers[0].post(`/api/purchase-requests/${raised.id}/approve`, {})).body.status).toBe('approved');
      const body = () => ({ id: crypto.randomUUID(), closes_at: inDays(2), audience: 'invited', supplier_ids: [supplier.user.id] });
      const answers = await Promise.all([0, 1].map(() => engineer.post(`/api/purchase-requests/${raised.id}/rfq`, body())));
      expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe('request_converted');
      expect(Number((await server.db.knex('rfqs').where({ purchase_request_id: raised.id }).count('* as n').first())?.n)).toBe(1);
    }
  });

  it('two approvals of a held order at once: it is issued once, its seller told once', async () => {
    for (let round = 0; round < 3; round++) {
      const { approvers, engineer, site, budgetLine } = await company();
      const supplier = await as(server, 'supplier');
      const rfq = await engineer.post('/api/rfqs', {
        id: crypto.randomUUID(),
        title: 'خرسانة',
        location: 'جدة',
        closes_at: inDays(2),
        audience: 'invited',
        supplier_ids: [supplier.user.id],
        site_id: site,
        lines: [{ id: crypto.randomUUID(), description: 'خرسانة', quantity: 10, unit: 'م3', budget_line_id: budgetLine }],
      });
      expect(rfq.status, rfq.text).toBe(201);
      const quote = await postQuote(supplier, rfq.body.id, quoteBody({ [rfq.body.lines[0].id]: 1000 }));
      const [po] = (await engineer.post(`/api/rfqs/${rfq.body.id}/award`, { awards: [{ rfq_line_id: rfq.body.lines[0].id, quote_id: quote.id }] })).body;
      expect(po.status).toBe('awaiting_approval');
      const answers = await Promise.all(approvers.map((a) => a.post(`/api/purchase-requests/${po.approval_request_id}/approve`, {})));
      expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
      expect((await supplier.get(`/api/purchase-orders/${po.id}`)).body.status).toBe('issued');
      const told = await server.db.knex('notifications').where({ user_id: supplier.user.id, kind: 'purchase_order.issued' }).count('* as n').first();
      expect(Number(told?.n), `round ${round}`).toBe(1);
    }
  });
});
