/**
 * The import and export of the price list as state and actions, for ImportExportPanel to
 * render: the chosen file and its column mapping, its rows checked against this device's
 * products, categories and plan (shared/price-list.ts), the latest import (read while
 * online), and applying, undoing and exporting. What happened last is an Outcome, in
 * data terms; ImportNotice puts it into words.
 */
import { useEffect, useMemo, useState } from 'react';
import { IMPORT_FILE_NAME_MAX, checkRows, exportRow, isEmptyRow, issuesByLine, summarise, type ColumnMapping, type ImportMode, type ImportReport, type LineIssues } from '../../../shared/price-list';
import { ApiError } from '../../data/api';
import { useSyncNow } from '../../data/local/hooks';
import { applyPriceList, lastPriceListImport, undoLastPriceListImport } from '../../data/api/price-list';
import type { Language } from '../../../shared/constants';
import { download } from '../../ui/download';
import { useOnline } from '../../ui/useOnline';
import { useCategoryName } from '../products/categoryNames';
import { useCategories, useMyProducts, useProductLimit } from '../products/queries';
import { SheetRefused } from './sheet-limits';
import { exportCsvFile, exportXlsxFile, kindOf, preloadSpreadsheets, readPriceList, toImportRows, type SheetData } from './spreadsheet';

type Busy = 'reading' | 'applying' | 'undoing' | 'exporting';

/** What the last action came to. */
export type Outcome =
  | { kind: 'unsupported' }
  | { kind: 'refusedFile'; refusal: SheetRefused }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'applied'; report: ImportReport }
  /** mode "all" and rows with problems: nothing was written */
  | { kind: 'refusedRows'; lines: LineIssues[] }
  | { kind: 'undone' }
  | { kind: 'exported'; count: number }
  | { kind: 'failed'; message: string };

export function usePriceListImport(supplierId: string, language: Language) {
  const online = useOnline();
  const syncNow = useSyncNow();
  const products = useMyProducts(supplierId);
  const categories = useCategories();
  const limit = useProductLimit(supplierId);
  const categoryName = useCategoryName();
  const [file, setFile] = useState<{ name: string; sheet: SheetData } | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const [busy, setBusy] = useState<Busy | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [last, setLast] = useState<ImportReport | null>(null);

  // The spreadsheet libraries load while the supplier looks at the panel, not after the click.
  useEffect(() => preloadSpreadsheets(), []);

  useEffect(() => {
    if (!online) return;
    let live = true;
    lastPriceListImport().then((r) => live && setLast(r), () => undefined);
    return () => {
      live = false;
    };
  }, [online]);

  const context = useMemo(
    () =>
      products && categories && limit
        ? { products: products.map((p) => ({ id: p.id, sku: p.sku ?? null, price: p.price, stock_quantity: p.stock_quantity })), categories, room: limit.room }
        : null,
    [products, categories, limit],
  );
  const importRows = useMemo(() => (file && mapping ? toImportRows(file.sheet, mapping).filter((r) => !isEmptyRow(r)) : null), [file, mapping]);
  const checked = useMemo(() => (importRows && context ? checkRows(importRows, context) : null), [importRows, context]);
  const summary = useMemo(() => (checked ? summarise(checked) : null), [checked]);

  /** Runs an action with `busy` set, its outcome shown; an unexpected error is shown as it is. */
  async function run(what: Busy, action: () => Promise<Outcome | null>) {
    setBusy(what);
    setOutcome(null);
    try {
      setOutcome(await action());
    } catch (error) {
      setOutcome({ kind: 'failed', message: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  const choose = (f: File) => {
    const kind = kindOf(f.name);
    if (!kind) {
      setOutcome({ kind: 'unsupported' });
      return Promise.resolve();
    }
    return run('reading', async () => {
      try {
        const sheet = await readPriceList(kind, await f.arrayBuffer());
        setFile({ name: f.name, sheet });
        setMapping(sheet.mapping);
        return null;
      } catch (error) {
        setFile(null);
        return error instanceof SheetRefused ? { kind: 'refusedFile', refusal: error } : { kind: 'unreadable', reason: (error as Error).message };
      }
    });
  };

  const apply = () => {
    if (!importRows || !file) return Promise.resolve();
    return run('applying', async () => {
      try {
        const report = await applyPriceList({ mode, file_name: file.name.slice(0, IMPORT_FILE_NAME_MAX), rows: importRows });
        setLast(report);
        cancel();
        void syncNow();
        return { kind: 'applied', report };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'import_invalid') return { kind: 'refusedRows', lines: issuesByLine(error.details) };
        throw error;
      }
    });
  };

  const undo = () =>
    run('undoing', async () => {
      setLast(await undoLastPriceListImport());
      void syncNow();
      return { kind: 'undone' };
    });

  const exportAs = (kind: 'xlsx' | 'csv', fileName: string) => {
    if (!products) return Promise.resolve();
    return run('exporting', async () => {
      const lines = products.map((p) => exportRow({ ...p, sku: p.sku ?? null }, categoryName(p)));
      const blob = kind === 'xlsx' ? await exportXlsxFile(lines, language) : await exportCsvFile(lines, language);
      download(blob, `${fileName}.${kind}`);
      return { kind: 'exported', count: lines.length };
    });
  };

  function cancel() {
    setFile(null);
    setMapping(null);
  }

  return {
    online,
    canExport: !!products,
    file,
    mapping,
    setMapping,
    mode,
    setMode,
    busy,
    outcome,
    last,
    checked,
    summary,
    /** mode "all" with rows that have problems: nothing could be applied */
    blocked: !!summary && mode === 'all' && summary.invalid > 0,
    /** nothing to create or update */
    nothing: !!summary && summary.create + summary.update === 0,
    choose,
    apply,
    undo,
    exportAs,
    cancel,
  };
}
