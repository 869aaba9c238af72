/**
 * Import a price list and export the catalogue. The file is read and checked in the
 * browser (shared/price-list.ts against the products, categories and plan on this
 * device), so the preview of thousands of rows takes no round trip; applying sends the
 * rows as read and the server checks them again against its own state before writing
 * (online only: one transaction, all or none). The export is written from the device's
 * copy, so it works offline.
 */
import {
  Badge,
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUndoRegular, DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_FILE_NAME_MAX,
  PRICE_LIST_FIELDS,
  checkRows,
  exportRow,
  isEmptyRow,
  summarise,
  type CheckedRow,
  type ColumnMapping,
  type ImportContext,
  type ImportMode,
  type ImportReport,
  type RowIssue,
} from '../../../../shared/price-list';
import { ApiError } from '../../../data/api';
import { useSyncNow } from '../../../data/local/hooks';
import { applyPriceList, lastPriceListImport, undoLastPriceListImport } from '../../../data/priceLists';
import { toLanguageCode } from '../../../i18n/languages';
import { useFormat } from '../../../i18n/format';
import { useOnline } from '../../../ui/useOnline';
import { useCategoryName } from '../categoryNames';
import { useCategories, useMyProducts, useProductLimit } from '../queries';
import { exportCsvFile, exportXlsxFile, kindOf, preloadSpreadsheets, readPriceList, toImportRows, type SheetData } from './spreadsheet';
import { SheetRefused } from './sheet-limits';

const ROW_HEIGHT = 36;

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXL },
  section: { display: 'grid', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusLarge },
  title: { margin: 0, fontSize: tokens.fontSizeBase500 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  mapping: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' },
  preview: { height: 'min(50vh, 480px)', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, contain: 'strict' },
  row: { display: 'grid', gridTemplateColumns: '60px 100px minmax(80px,1fr) minmax(160px,2fr) minmax(120px,1fr) minmax(80px,1fr) minmax(200px,3fr)', alignItems: 'center', height: `${ROW_HEIGHT}px`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: '900px' },
  head: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  cell: { paddingInline: tokens.spacingHorizontalS, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  problem: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, maxHeight: '200px', overflow: 'auto' },
});

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type Notice = { intent: 'success' | 'error' | 'warning'; text: string; lines?: Array<{ line: number; issues: string[] }> } | null;

export function ImportExportPanel({ supplierId }: { supplierId: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['stock', 'common']);
  const language = toLanguageCode(i18n.resolvedLanguage);
  const format = useFormat();
  const online = useOnline();
  const syncNow = useSyncNow();
  const products = useMyProducts(supplierId);
  const categories = useCategories();
  const limit = useProductLimit(supplierId);
  const categoryName = useCategoryName();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; sheet: SheetData } | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const [busy, setBusy] = useState<'reading' | 'applying' | 'undoing' | 'exporting' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
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

  const context = useMemo<ImportContext | null>(() => {
    if (!products || !categories || !limit) return null;
    return {
      products: products.map((p) => ({ id: p.id, sku: p.sku ?? null, price: p.price, stock_quantity: p.stock_quantity })),
      categories,
      room: limit.room,
    };
  }, [products, categories, limit]);

  const importRows = useMemo(() => (file && mapping ? toImportRows(file.sheet, mapping).filter((r) => !isEmptyRow(r)) : null), [file, mapping]);
  const checked = useMemo(() => (importRows && context ? checkRows(importRows, context) : null), [importRows, context]);
  const summary = useMemo(() => (checked ? summarise(checked) : null), [checked]);
  const issueText = (issues: readonly string[]) => issues.map((i) => t(`issues.${i}`)).join('، ');

  /** A file refused before reading, with the limit it passed (numbers in the reader's digits). */
  const refusalText = ({ code, limit, found }: SheetRefused) => {
    const shown = (v: number | string | undefined) => (typeof v === 'number' ? format.number(v) : v);
    return t(`refusals.${code}`, { limit: shown(limit), found: shown(found) });
  };

  async function choose(f: File) {
    setNotice(null);
    const kind = kindOf(f.name);
    if (!kind) {
      setNotice({ intent: 'error', text: t('import.unsupported') });
      return;
    }
    setBusy('reading');
    try {
      const sheet = await readPriceList(kind, await f.arrayBuffer());
      setFile({ name: f.name, sheet });
      setMapping(sheet.mapping);
    } catch (error) {
      setFile(null);
      setNotice({ intent: 'error', text: error instanceof SheetRefused ? refusalText(error) : t('import.unreadable', { reason: (error as Error).message }) });
    } finally {
      setBusy(null);
    }
  }

  async function apply() {
    if (!importRows || !file) return;
    setBusy('applying');
    setNotice(null);
    try {
      const report = await applyPriceList({ mode, file_name: file.name.slice(0, IMPORT_FILE_NAME_MAX), rows: importRows });
      setLast(report);
      setFile(null);
      setMapping(null);
      setNotice({ intent: 'success', text: t('import.done', { create: format.number(report.summary.create), update: format.number(report.summary.update), invalid: format.number(report.summary.invalid) }), lines: report.invalid });
      void syncNow();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'import_invalid') {
        const byLine = new Map<number, string[]>();
        for (const d of error.details) {
          const line = Number(d.path.replace('line:', ''));
          byLine.set(line, [...(byLine.get(line) ?? []), d.code ?? d.message]);
        }
        setNotice({ intent: 'error', text: t('import.refusedRows'), lines: [...byLine].map(([line, issues]) => ({ line, issues })) });
      } else {
        setNotice({ intent: 'error', text: (error as Error).message });
      }
    } finally {
      setBusy(null);
    }
  }

  async function undo() {
    setBusy('undoing');
    setNotice(null);
    try {
      setLast(await undoLastPriceListImport());
      setNotice({ intent: 'success', text: t('import.undone') });
      void syncNow();
    } catch (error) {
      setNotice({ intent: 'error', text: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  async function exportAs(kind: 'xlsx' | 'csv') {
    if (!products) return;
    setBusy('exporting');
    try {
      const lines = products.map((p) => exportRow({ ...p, sku: p.sku ?? null }, categoryName(p)));
      const blob = kind === 'xlsx' ? await exportXlsxFile(lines, language) : await exportCsvFile(lines, language);
      download(blob, `${t('export.fileName')}.${kind}`);
      setNotice({ intent: 'success', text: t('export.done', { count: format.number(lines.length) }) });
    } finally {
      setBusy(null);
    }
  }

  const blocked = summary && mode === 'all' && summary.invalid > 0;
  const nothing = summary && summary.create + summary.update === 0;
  const headerName = (i: number) => String(file?.sheet.headers[i] ?? '').trim();

  return (
    <div className={styles.root} data-testid="import-export">
      {notice && (
        <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'} data-testid="import-notice">
          <MessageBarBody>
            {notice.text}
            {notice.lines && notice.lines.length > 0 && (
              <ul className={styles.list} data-testid="import-notice-lines">
                {notice.lines.slice(0, 200).map((l) => (
                  <li key={l.line}>
                    {t('import.line')} {format.number(l.line)}: {issueText(l.issues)}
                  </li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}

      <section className={styles.section} aria-labelledby="export-title">
        <h2 id="export-title" className={styles.title}>
          {t('export.title')}
        </h2>
        <Text>{t('export.body')}</Text>
        <div className={styles.actions}>
          <Button icon={<ArrowDownloadRegular />} disabled={!products || busy !== null} onClick={() => void exportAs('xlsx')} data-testid="export-xlsx">
            {t('export.xlsx')}
          </Button>
          <Button icon={<ArrowDownloadRegular />} disabled={!products || busy !== null} onClick={() => void exportAs('csv')} data-testid="export-csv">
            {t('export.csv')}
          </Button>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="import-title">
        <h2 id="import-title" className={styles.title}>
          {t('import.title')}
        </h2>
        <Text>{t('import.body')}</Text>
        {!online && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('import.offline')}</MessageBarBody>
          </MessageBar>
        )}
        {last && (
          <div className={styles.actions} data-testid="last-import">
            <Text>
              {last.undone_at
                ? t('import.lastUndone', { date: format.dateTime(last.created_at) })
                : t('import.last', { date: format.dateTime(last.created_at), create: format.number(last.summary.create), update: format.number(last.summary.update) })}
            </Text>
            {!last.undone_at && (
              <Button icon={<ArrowUndoRegular />} disabled={!online || busy !== null} onClick={() => void undo()} data-testid="undo-import">
                {t('import.undo')}
              </Button>
            )}
          </div>
        )}
        <div className={styles.actions}>
          <input
            ref={fileInput}
            className={styles.hidden}
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void choose(f);
            }}
            data-testid="import-file"
            aria-label={t('import.choose')}
          />
          <Button appearance={file ? 'secondary' : 'primary'} icon={<DocumentArrowUpRegular />} disabled={busy !== null} onClick={() => fileInput.current?.click()} data-testid="choose-file">
            {t('import.choose')}
          </Button>
          {busy === 'reading' && <Spinner size="tiny" label={t('import.reading')} />}
          {file && <Text weight="semibold">{file.name}</Text>}
        </div>

        {file && mapping && (
          <>
            <fieldset className={styles.section}>
              <legend>{t('import.mapping')}</legend>
              <div className={styles.mapping}>
                {PRICE_LIST_FIELDS.map((field) => (
                  <Field key={field} label={t(`fields.${field}`)}>
                    <Select
                      value={mapping[field] === null ? '' : String(mapping[field])}
                      onChange={(_, d) => setMapping({ ...mapping, [field]: d.value === '' ? null : Number(d.value) })}
                      data-testid={`map-${field}`}
                    >
                      <option value="">{t('import.notMapped')}</option>
                      {file.sheet.headers.map((_, i) => (
                        <option key={i} value={i}>
                          {t('import.column', { n: format.number(i + 1), name: headerName(i) })}
                        </option>
                      ))}
                    </Select>
                  </Field>
                ))}
              </div>
            </fieldset>

            <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as ImportMode)} aria-label={t('import.mode')} data-testid="import-mode">
              <Radio value="all" label={t('import.modeAll')} data-testid="mode-all" />
              <Radio value="valid" label={t('import.modeValid')} data-testid="mode-valid" />
            </RadioGroup>

            {summary && (
              <Text weight="semibold" data-testid="import-summary" role="status">
                {t('import.summary', {
                  create: format.number(summary.create),
                  update: format.number(summary.update),
                  unchanged: format.number(summary.unchanged),
                  invalid: format.number(summary.invalid),
                })}
              </Text>
            )}
            {checked && <Preview rows={checked} issueText={issueText} />}
            {blocked && (
              <MessageBar intent="warning">
                <MessageBarBody>{t('import.blocked')}</MessageBarBody>
              </MessageBar>
            )}
            <div className={styles.actions}>
              <Button appearance="primary" disabled={!online || busy !== null || !checked || !!blocked || !!nothing} onClick={() => void apply()} data-testid="apply-import">
                {busy === 'applying' ? t('import.applying') : t('import.apply')}
              </Button>
              <Button
                onClick={() => {
                  setFile(null);
                  setMapping(null);
                }}
                disabled={busy !== null}
              >
                {t('import.cancel')}
              </Button>
              {nothing && <Text>{t('import.nothing')}</Text>}
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** Every row of the file with what it will do and its problems, virtualised. */
function Preview({ rows, issueText }: { rows: CheckedRow[]; issueText: (issues: RowIssue[]) => string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('stock');
  const format = useFormat();
  // The arrow points from the old price to the new one in the reading direction.
  const arrow = i18n.dir() === 'rtl' ? '←' : '→';
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const num = (n: number | null) => (n === null ? '' : format.number(n));
  const colors = { create: 'brand', update: 'informative', unchanged: 'subtle', invalid: 'danger' } as const;
  return (
    <div ref={scroller} className={styles.preview} role="table" aria-label={t('import.preview')} aria-rowcount={rows.length + 1} data-testid="import-preview">
      <div role="row" className={mergeClasses(styles.row, styles.head)}>
        {(['import.line', 'import.status', 'fields.sku', 'fields.name', 'fields.price', 'fields.stock', 'import.problems'] as const).map((key) => (
          <div key={key} role="columnheader" className={styles.cell}>
            {t(key)}
          </div>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
        {virtualizer.getVirtualItems().map((item) => {
          const r = rows[item.index];
          const priceText = r.before && r.price !== null && r.price !== r.before.price ? `${format.number(r.before.price)} ${arrow} ${num(r.price)}` : num(r.price);
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              className={styles.row}
              style={{ position: 'absolute', top: 0, insetInlineStart: 0, width: '100%', transform: `translateY(${item.start}px)` }}
              data-testid="preview-row"
              data-line={r.line}
              data-action={r.action}
            >
              <div role="cell" className={styles.cell}>
                {format.number(r.line)}
              </div>
              <div role="cell" className={styles.cell}>
                <Badge appearance="tint" color={colors[r.action]}>
                  {t(`import.actions.${r.action}`)}
                </Badge>
              </div>
              <div role="cell" className={styles.cell}>
                {r.sku}
              </div>
              <div role="cell" className={styles.cell}>
                {r.name}
              </div>
              <div role="cell" className={styles.cell}>
                {priceText}
              </div>
              <div role="cell" className={styles.cell}>
                {num(r.stock)}
              </div>
              <div role="cell" className={mergeClasses(styles.cell, styles.problem)} title={issueText(r.issues)} data-testid="row-problems">
                {issueText(r.issues)}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
