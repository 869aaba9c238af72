/**
 * A bill of quantities (XLSX or CSV, Arabic, English or Chinese headers) read into the
 * request's lines, in the browser and offline: the file is read by the price list's
 * reader with this import's headers (boq.ts), the columns mapped as guessed (the
 * contractor may change them), every row previewed with its problems, and the rows
 * without problems added to the request. Nothing is dropped without a word: a problem row
 * stays in the preview, highlighted, after the good ones are added, and the add button
 * says how many still need fixing; a category the sheet names but we do not know is
 * picked right in its row.
 *
 * The RFQ's reading (its fields, headers and rows) is the default; another screen reads a
 * bill of quantities into its own lines by giving its own (`reader`, a `BoqReading`: a site's budget
 * adds a code and an amount), with the labels and preview columns of its extra fields.
 */
import { Button, MessageBar, MessageBarBody, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnMappingFields } from '../../ui/ColumnMappingFields';
import { SheetFileButton } from '../../ui/SheetFileButton';
import { SheetPreview, type PreviewColumn } from '../../ui/SheetPreview';
import { useFormat } from '../../i18n/format';
import { SheetRefused } from '../price-list/sheet-limits';
import { kindOf, preloadSpreadsheets, readSheet, type SheetData } from '../price-list/spreadsheet';
import { useCategories } from '../products/queries';
import type { CellValue, ColumnMapping, HeaderReader } from '../../../shared/sheet-headers';
import { BOQ_FIELDS, BOQ_HEADERS, checkBoq, type BoqContext, type BoqLine, type BoqLineField } from './boq';
import { useSkuProducts } from './queries';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  fieldset: { display: 'grid', gap: tokens.spacingVerticalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, minInlineSize: 0 },
  name: { overflowWrap: 'anywhere' },
  picker: { minInlineSize: '120px', maxInlineSize: '100%' },
});

/** Narrower than this the preview shows each row as a card (the table needs 640px). */
const STACK_BELOW = '639px';

type Notice = { kind: 'unsupported' } | { kind: 'refused'; refusal: SheetRefused } | { kind: 'unreadable'; reason: string };

/** How a bill of quantities is read into a screen's lines: its fields and their headers, its rows checked, and how its own fields show. */
export interface BoqReading<F extends string, R extends BoqLine<string>> {
  fields: readonly F[];
  headers: HeaderReader<F>;
  check: (rows: ReadonlyArray<{ line: number; cells: CellValue[] }>, mapping: ColumnMapping<F>, ctx: BoqContext, chosen: ReadonlyMap<number, string>) => R[];
  /** The label of a field the RFQ's reading does not have (the shared ones are the RFQ's words). */
  fieldLabel?: (field: Exclude<F, BoqLineField>) => string;
  /** The sentence of a problem the RFQ's reading does not have. */
  issueLabel?: (issue: string) => string | undefined;
  /** Preview columns of its own fields, shown after the unit. */
  columns?: Array<PreviewColumn<R>>;
}

const RFQ_READING: BoqReading<(typeof BOQ_FIELDS)[number], ReturnType<typeof checkBoq>[number]> = { fields: BOQ_FIELDS, headers: BOQ_HEADERS, check: checkBoq };
/** The RFQ's fields, labelled in its words whoever reads the sheet. */
const SHARED_FIELDS: readonly string[] = BOQ_FIELDS;

export function BoqImport<F extends string = (typeof BOQ_FIELDS)[number], R extends BoqLine<string> = ReturnType<typeof checkBoq>[number]>({
  categoryName,
  onLines,
  reader = RFQ_READING as unknown as BoqReading<F, R>,
}: {
  categoryName: (id: string | null) => string;
  onLines: (rows: R[]) => void;
  reader?: BoqReading<F, R>;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['rfqs', 'price-list']);
  const format = useFormat();
  const categories = useCategories();
  const products = useSkuProducts();
  const [file, setFile] = useState<{ name: string; sheet: SheetData<F> } | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping<F> | null>(null);
  const [reading, setReading] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** categories picked in the preview, by the sheet's row */
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  /** the sheet's rows already added to the request: out of the preview */
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());

  // The spreadsheet libraries load while the contractor looks at the section, not after the click.
  useEffect(() => preloadSpreadsheets(), []);

  const rows = useMemo(
    () => (file && mapping && categories && products ? reader.check(file.sheet.rows, mapping, { categories, products }, chosen).filter((r) => !added.has(r.line)) : null),
    [file, mapping, categories, products, chosen, added, reader],
  );
  const good = rows?.filter((r) => !r.issues.length) ?? [];
  const bad = (rows?.length ?? 0) - good.length;

  const choose = async (f: File) => {
    setNotice(null);
    const kind = kindOf(f.name);
    if (!kind) return setNotice({ kind: 'unsupported' });
    setReading(true);
    try {
      const sheet = await readSheet(kind, await f.arrayBuffer(), reader.headers);
      setFile({ name: f.name, sheet });
      setMapping(sheet.mapping);
      setChosen(new Map());
      setAdded(new Set());
    } catch (error) {
      setFile(null);
      setNotice(error instanceof SheetRefused ? { kind: 'refused', refusal: error } : { kind: 'unreadable', reason: (error as Error).message });
    } finally {
      setReading(false);
    }
  };
  const cancel = () => {
    setFile(null);
    setMapping(null);
    setChosen(new Map());
    setAdded(new Set());
  };
  const add = () => {
    onLines(good);
    // The problem rows stay to be fixed; with none left the import is done.
    if (!bad) return cancel();
    setAdded((before) => new Set([...before, ...good.map((r) => r.line)]));
  };

  const fieldLabel = (f: F) => (SHARED_FIELDS.includes(f) ? t(`boq.fields.${f as (typeof BOQ_FIELDS)[number]}`) : (reader.fieldLabel?.(f as Exclude<F, BoqLineField>) ?? f));

  const columns = useMemo((): Array<PreviewColumn<R>> => {
    const issueText = (r: R) => format.list(r.issues.map((i) => reader.issueLabel?.(i) ?? t(`boq.issues.${i as ReturnType<typeof checkBoq>[number]['issues'][number]}`)));
    const pick = (line: number, id: string) =>
      setChosen((before) => {
        const next = new Map(before);
        if (id) next.set(line, id);
        else next.delete(line);
        return next;
      });
    // A category the sheet names but we do not know is picked in the row (and may be picked again).
    const categoryCell = (r: R) =>
      r.issues.includes('unknown_category') || chosen.has(r.line) ? (
        <Select
          size="small"
          className={styles.picker}
          value={chosen.get(r.line) ?? ''}
          onChange={(_, d) => pick(r.line, d.value)}
          aria-label={t('boq.pickCategory', { n: format.number(r.line) })}
          data-testid="boq-category"
        >
          <option value="">{t('boq.chooseCategory')}</option>
          {(categories ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {categoryName(c.id)}
            </option>
          ))}
        </Select>
      ) : r.category_id ? (
        <bdi>{categoryName(r.category_id)}</bdi>
      ) : (
        ''
      );
    return [
      { header: t('boq.line'), width: '56px', cell: (r) => format.number(r.line) },
      { header: t('boq.fields.item'), width: 'minmax(56px,1fr)', cell: (r) => <bdi>{r.item}</bdi> },
      { header: t('boq.fields.description'), width: 'minmax(160px,3fr)', cell: (r) => <bdi>{r.description}</bdi> },
      { header: t('boq.fields.quantity'), width: 'minmax(72px,1fr)', cell: (r) => (r.quantity === null ? '' : format.number(r.quantity)) },
      { header: t('boq.fields.unit'), width: 'minmax(64px,1fr)', cell: (r) => <bdi>{r.unit}</bdi> },
      ...(reader.columns ?? []),
      { header: t('boq.fields.category'), width: 'minmax(140px,2fr)', cell: categoryCell, fixes: true },
      { header: t('boq.problems'), width: 'minmax(160px,2fr)', cell: issueText, problems: true },
    ];
  }, [t, format, categoryName, categories, chosen, styles.picker, reader]);

  const shown = (v: number | string | undefined) => (typeof v === 'number' ? format.number(v) : v);
  return (
    <div className={styles.root} data-testid="boq-import">
      {notice && (
        <MessageBar layout="multiline" intent="error">
          <MessageBarBody>
            {notice.kind === 'unsupported'
              ? t('price-list:import.unsupported')
              : notice.kind === 'refused'
                ? t(`price-list:refusals.${notice.refusal.code}`, { limit: shown(notice.refusal.limit), found: shown(notice.refusal.found) })
                : t('price-list:import.unreadable', { reason: notice.reason })}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <SheetFileButton label={t('boq.choose')} onFile={(f) => void choose(f)} disabled={reading} inputTestId="boq-file" buttonTestId="boq-choose" />
        {reading && <Spinner size="tiny" label={t('boq.reading')} />}
        {file && (
          <Text weight="semibold" className={styles.name}>
            <bdi>{file.name}</bdi>
          </Text>
        )}
      </div>
      {file && mapping && (
        <>
          <fieldset className={styles.fieldset}>
            <legend>{t('boq.mapping')}</legend>
            <ColumnMappingFields fields={reader.fields} label={fieldLabel} headers={file.sheet.headers} mapping={mapping} onChange={setMapping} />
          </fieldset>
          {rows && (
            <>
              <Text weight="semibold" role="status" data-testid="boq-summary">
                {t('boq.summary', { good: format.number(good.length), bad: format.number(bad) })}
              </Text>
              <SheetPreview
                rows={rows}
                columns={columns}
                label={t('boq.preview')}
                minWidth="760px"
                stackBelow={STACK_BELOW}
                flagged={(r) => r.issues.length > 0}
                rowData={(r) => ({ 'data-line': r.line, 'data-ok': r.issues.length ? 'no' : 'yes' })}
              />
            </>
          )}
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={!good.length}
              onClick={add}
              data-testid="boq-add"
            >
              {bad
                ? t('boq.addSome', { add: t('boq.add', { count: good.length }), fix: t('boq.needFixing', { count: bad }) })
                : t('boq.add', { count: good.length })}
            </Button>
            <Button onClick={cancel}>{t('boq.cancel')}</Button>
          </div>
        </>
      )}
    </div>
  );
}
