import { expect, type Locator, type Page } from '@playwright/test';
import { ProjectsPage } from './ProjectsPage';
import { pageApi } from './pageApi';

export { pageApi };

/**
 * The server's test clock (TEST_CLOCK=1): the app's time runs `days` ahead of the real one,
 * for deadlines, the opening and the standstill alike; 0 puts it back. Resolves to the
 * server's today in Riyadh. The clock is the server's, shared by every test running at the
 * time: a test that moves it puts it back in a finally.
 */
export async function setServerClock(page: Page, days: number): Promise<string> {
  const res = await pageApi<{ today: string }>(page, 'POST', '/api/test/clock', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.today;
}

/**
 * What this device's local store (IndexedDB, the signed-in user's database) holds in one
 * table, read straight from IndexedDB, not through the app.
 */
export async function localRows<T = Record<string, unknown>>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(async (table) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('binaa-'));
    if (names.length !== 1) throw new Error(`expected one user database, found ${JSON.stringify(names)}`);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(names[0]);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains(table)) throw new Error(`no table ${table} in ${names[0]}`);
      return await new Promise<T[]>((resolve, reject) => {
        const read = db.transaction(table, 'readonly').objectStore(table).getAll();
        read.onsuccess = () => resolve(read.result as T[]);
        read.onerror = () => reject(read.error);
      });
    } finally {
      db.close();
    }
  }, table);
}

/** /projects with the sealed tender's parts: the phase, the sealed count, receipts, the opening record, objections. */
export class TenderPage extends ProjectsPage {
  constructor(page: Page) {
    super(page);
  }

  phase(projectId: string): Locator {
    return this.card(projectId).getByTestId('tender-phase');
  }

  status(projectId: string): Locator {
    return this.card(projectId).getByTestId('project-status');
  }

  sealedBids(projectId: string): Locator {
    return this.card(projectId).getByTestId('sealed-bids');
  }

  receipt(projectId: string): Locator {
    return this.myBid(projectId).getByTestId('bid-receipt');
  }

  /** The digest on the bidder's card, once the server has received the bid's current version. */
  async receiptDigest(projectId: string): Promise<string> {
    await expect(this.receipt(projectId)).toHaveAttribute('data-state', 'received', { timeout: 30_000 });
    return (await this.receipt(projectId).getAttribute('data-digest'))!;
  }

  openingRecord(projectId: string): Locator {
    return this.card(projectId).getByTestId('opening-record');
  }

  openingEntries(projectId: string): Locator {
    return this.openingRecord(projectId).getByTestId('opening-entry');
  }

  /** The ranked entries of the opening record: bid, rank and digest, in the order shown. */
  async openingTable(projectId: string): Promise<Array<{ bid: string; rank: string; digest: string }>> {
    return this.openingEntries(projectId).evaluateAll((items) =>
      items.map((li) => ({ bid: li.getAttribute('data-bid-id')!, rank: li.getAttribute('data-rank')!, digest: li.getAttribute('data-digest')! })),
    );
  }

  async closeBidding(projectId: string) {
    await this.card(projectId).getByTestId('close-bidding').click();
    await this.page.getByTestId('close-bidding-confirm').click();
  }

  /** Award from the opened bids, by company name. */
  async awardTo(projectId: string, company: string) {
    await this.showBids(projectId);
    await this.award(projectId, company);
  }

  async fileObjection(projectId: string, reason: string) {
    await this.card(projectId).getByTestId('file-objection').click();
    const dialog = this.page.getByTestId('objection-dialog');
    await dialog.locator('[name="reason"]').fill(reason);
    await dialog.getByTestId('objection-submit').click();
    await expect(dialog).toBeHidden();
  }

  objections(projectId: string): Locator {
    return this.card(projectId).getByTestId('objection');
  }

  async answerObjection(projectId: string, decision: 'upheld' | 'rejected', answer: string) {
    await this.objections(projectId).first().getByTestId('answer-objection').click();
    const dialog = this.page.getByTestId('answer-dialog');
    // Fluent's Radio puts its props on the native input.
    await dialog.getByTestId(`decision-${decision}`).check();
    await dialog.locator('[name="answer"]').fill(answer);
    await dialog.getByTestId('answer-submit').click();
    await expect(dialog).toBeHidden();
  }
}
