/**
 * Steps that take a project through its tender for the open-data tests (tests only), all
 * through the API as the owner and the bidders do it: the owner closes the bidding (the
 * opening), awards, a loser objects and the owner upholds; time passes on the test clock
 * for the standstill to end.
 */
import { expect } from 'vitest';
import type { TestServer } from './harness';
import type { Client } from './factories';
import { TestClient } from './http-client';

export function tender(server: TestServer) {
  /** Moves the app's clock `days` ahead of the real one (0 puts it back). */
  const clock = async (days: number) => {
    const res = await new TestClient(server.url, server.config.publicUrl).post('/api/test/clock', { days });
    expect(res.status, res.text).toBe(200);
  };
  return {
    clock,
    /** The owner closes the bidding of a project without a deadline: the opening. */
    async open(owner: Client, projectId: string) {
      const res = await owner.post(`/api/projects/${projectId}/close-bidding`, {});
      expect(res.status, res.text).toBe(200);
    },
    /** An award: the standstill starts. */
    async award(owner: Client, projectId: string, bidId: string) {
      const res = await owner.post(`/api/projects/${projectId}/award`, { bid_id: bidId });
      expect(res.status, res.text).toBe(200);
    },
    /** The standstill passes with no objection; the next read makes the award final. */
    async finalise(owner: Client, projectId: string) {
      await clock(6);
      try {
        const res = await owner.get(`/api/projects/${projectId}`);
        expect(res.body.status, res.text).toBe('in_progress');
      } finally {
        await clock(0);
      }
    },
    /** A losing bidder objects and the owner upholds it: the award is withdrawn. */
    async uphold(owner: Client, projectId: string, objector: Client) {
      const filed = await objector.post(`/api/projects/${projectId}/objections`, { reason: 'السعر المرسى عليه غير واقعي' });
      expect(filed.status, filed.text).toBe(201);
      const answered = await owner.post(`/api/objections/${filed.body.id}/answer`, { decision: 'upheld', answer: 'قُبل الاعتراض وسيعاد الترسية' });
      expect(answered.status, answered.text).toBe(200);
    },
  };
}
