/**
 * Price list imports over REST: applying a checked file, reading and undoing the latest
 * import. Online only: an import is thousands of rows applied in one transaction, all or
 * none, which the outbox (one mutation per change, each refused on its own) cannot
 * promise; the screen says so when offline. The products it writes come back through
 * the sync feed like any other change.
 */
import { importReportSchema, type ImportApply, type ImportReport } from '../../../shared/price-list';
import { api } from './client';

export async function applyPriceList(body: ImportApply): Promise<ImportReport> {
  return importReportSchema.parse((await api.post<unknown>('/api/products/imports', body)).data);
}

/** The latest import, or null when there is none. */
export async function lastPriceListImport(): Promise<ImportReport | null> {
  try {
    return importReportSchema.parse((await api.get<unknown>('/api/products/imports/last')).data);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export async function undoLastPriceListImport(): Promise<ImportReport> {
  return importReportSchema.parse((await api.post<unknown>('/api/products/imports/last/undo', {})).data);
}
