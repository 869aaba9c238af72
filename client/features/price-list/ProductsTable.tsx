/**
 * The supplier's products as a table for wide screens: price, stock, low-stock mark and
 * availability edited in place with the keyboard, sorted and filtered, thousands of rows
 * virtualised (@tanstack/react-virtual renders only the rows in view, so a 5,000-row
 * catalogue scrolls as lightly as a 50-row one).
 *
 * Keyboard (a grid with one focusable cell, moved by the arrows): Enter or F2 edits the
 * cell, Enter saves and moves down, Tab saves and moves on, Esc cancels; Space toggles an
 * untracked product's availability (a tracked one's follows its stock). Typed numbers are
 * read as every form and the import read them (shared/numbers.ts). Every edit is an
 * outbox write (product.update), shown at once with "waiting to send" until the server
 * has it. Which rows show, their order and what a cell saves are tableRows.ts.
 */
import { Input, Select, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowSortDownRegular, ArrowSortUpRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { NUMBER_START, PRICE_DECIMALS } from '../../../shared/numbers';
import { isLowStock } from '../../../shared/schemas/product';
import type { LocalProduct, RejectionRow } from '../../data/db/schema';
import { usePendingKeys, useRejections } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { useCategoryName } from '../products/categoryNames';
import { useProductWrites, type ProductPatch } from '../products/mutations';
import { productKey, useMyProducts } from '../products/queries';
import { COLUMNS, EDITABLE, readCell, tableRows, type ColumnId, type Show, type Sort } from './tableRows';

const ROW_HEIGHT = 40;
/** Prices shown in halalas, as they are kept. */
const MONEY: Intl.NumberFormatOptions = { minimumFractionDigits: PRICE_DECIMALS, maximumFractionDigits: PRICE_DECIMALS };
/** A column's translation key under fields. */
const header = (column: ColumnId) => (column === 'low' ? 'lowStock' : column);

const TEMPLATE = 'minmax(90px, 1fr) minmax(180px, 3fr) minmax(120px, 1.5fr) minmax(100px, 1fr) minmax(100px, 1fr) minmax(100px, 1fr) minmax(150px, 1.3fr)';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS },
  tools: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  field: { display: 'grid', gap: '2px' },
  hint: { color: tokens.colorNeutralForeground2 },
  grid: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'auto',
    height: 'min(70vh, 720px)',
    contain: 'strict',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  row: { display: 'grid', gridTemplateColumns: TEMPLATE, alignItems: 'center', height: `${ROW_HEIGHT}px`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: '900px' },
  head: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  cell: { paddingInline: tokens.spacingHorizontalS, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', height: '100%', display: 'flex', alignItems: 'center', gap: '4px', outlineStyle: 'none' },
  active: { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}` },
  num: { fontVariantNumeric: 'tabular-nums' },
  sortButton: { border: 'none', background: 'none', padding: 0, font: 'inherit', color: 'inherit', cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: '4px', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  editor: { width: '100%', minWidth: 0 },
  low: { color: tokens.colorPaletteDarkOrangeForeground1 },
  invalid: { color: tokens.colorPaletteRedForeground1 },
  body: { position: 'relative' },
  // Plain spans, not Fluent badges: a scroll mounts ten rows a frame, each with two or three.
  badge: { display: 'inline-block', paddingInline: '6px', borderRadius: tokens.borderRadiusCircular, fontSize: tokens.fontSizeBase200, lineHeight: '18px' },
  ok: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1, border: `1px solid ${tokens.colorPaletteGreenBorder1}` },
  out: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1, border: `1px solid ${tokens.colorPaletteRedBorder1}` },
  warn: { backgroundColor: tokens.colorPaletteYellowBackground1, color: tokens.colorPaletteDarkOrangeForeground1, border: `1px solid ${tokens.colorPaletteYellowBorder1}` },
  refusedMark: { backgroundColor: tokens.colorPaletteRedBackground3, color: tokens.colorNeutralForegroundOnBrand },
});

export function ProductsTable({ supplierId }: { supplierId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('price-list');
  const { t: tRows } = useTranslation(['price-list', 'common', 'errors']);
  const format = useFormat();
  const number = useCallback((n: number) => format.number(n), [format]);
  const money = useCallback((n: number) => format.number(n, MONEY), [format]);
  const products = useMyProducts(supplierId);
  const categoryName = useCategoryName();
  const writes = useProductWrites();
  const pending = usePendingKeys();
  const rejections = useRejections();
  const [filter, setFilter] = useState('');
  const [show, setShow] = useState<Show>('all');
  const [sort, setSort] = useState<Sort>({ column: 'name', desc: false });
  const deferredFilter = useDeferredValue(filter);

  const refused = useMemo(() => {
    const byKey = new Map<string, RejectionRow>();
    for (const r of rejections) for (const key of r.keys) if (!byKey.has(key)) byKey.set(key, r);
    return byKey;
  }, [rejections]);

  const rows = useMemo(
    () => (products ? tableRows(products, { filter: deferredFilter, show, sort, categoryName }) : []),
    [products, deferredFilter, show, sort, categoryName],
  );

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const [active, setActive] = useState({ row: 0, col: 3 });
  const [editing, setEditing] = useState<{ row: number; col: number; value: string; invalid: boolean } | null>(null);

  const focusCell = useCallback(
    (row: number, col: number) => {
      const r = Math.max(0, Math.min(rows.length - 1, row));
      const c = Math.max(0, Math.min(COLUMNS.length - 1, col));
      setActive({ row: r, col: c });
      virtualizer.scrollToIndex(r, { align: 'auto' });
      // At once when the cell is rendered (the next key must find it focused), else once
      // the virtualiser has rendered it.
      const cell = () => scroller.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`);
      const now = cell();
      if (now) now.focus({ preventScroll: true });
      else requestAnimationFrame(() => cell()?.focus({ preventScroll: true }));
    },
    [rows.length, virtualizer],
  );

  const save = useCallback(
    (row: number, col: number, value: string): boolean => {
      const product = rows[row];
      const field = EDITABLE[COLUMNS[col]];
      if (!product || !field) return true;
      const cell = readCell(field, value);
      if (!cell.ok) return false;
      if (cell.value !== product[field]) void writes.update(product.id, { [field]: cell.value } as ProductPatch);
      return true;
    },
    [rows, writes],
  );

  const toggle = useCallback(
    (product: LocalProduct) => {
      if (product.stock_quantity != null) return; // follows the stock
      void writes.update(product.id, { availability_status: product.availability_status === 'available' ? 'out_of_stock' : 'available' });
    },
    [writes],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing) {
      if (e.key === 'Escape') {
        e.preventDefault();
        setEditing(null);
        focusCell(editing.row, editing.col);
      } else if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        if (!save(editing.row, editing.col, editing.value)) {
          setEditing({ ...editing, invalid: true });
          return;
        }
        setEditing(null);
        if (e.key === 'Enter') focusCell(editing.row + (e.shiftKey ? -1 : 1), editing.col);
        else focusCell(editing.row, editing.col + (e.shiftKey ? -1 : 1));
      }
      return;
    }
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const moves: Record<string, [number, number]> = {
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowRight: [0, rtl ? -1 : 1],
      ArrowLeft: [0, rtl ? 1 : -1],
      PageDown: [10, 0],
      PageUp: [-10, 0],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      focusCell(active.row + move[0], active.col + move[1]);
      return;
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusCell(e.ctrlKey ? (e.key === 'Home' ? 0 : rows.length - 1) : active.row, e.key === 'Home' ? 0 : COLUMNS.length - 1);
      return;
    }
    const product = rows[active.row];
    if (!product) return;
    const column = COLUMNS[active.col];
    if (column === 'availability' && (e.key === ' ' || e.key === 'Enter')) {
      e.preventDefault();
      toggle(product);
      return;
    }
    const field = EDITABLE[column];
    if (!field) return;
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      setEditing({ row: active.row, col: active.col, value: product[field] == null ? '' : String(product[field]), invalid: false });
    } else if (NUMBER_START.test(e.key) && !e.ctrlKey && !e.metaKey) {
      // Typing a digit starts an edit with it, as in a spreadsheet.
      e.preventDefault();
      setEditing({ row: active.row, col: active.col, value: e.key, invalid: false });
    }
  };

  const sortBy = useCallback((column: ColumnId) => setSort((s) => ({ column, desc: s.column === column ? !s.desc : false })), []);

  // The toolbar and the header row stay the same elements while the table scrolls (the
  // virtualiser renders the table on every scroll step), so React skips them.
  const total = products?.length ?? 0;
  const tools = useMemo(
    () => (
      <>
      <div className={styles.tools}>
        <div className={styles.field}>
          <label htmlFor="products-table-filter">{t('table.filter')}</label>
          <Input id="products-table-filter" value={filter} onChange={(_, d) => setFilter(d.value)} placeholder={t('table.filterPlaceholder')} data-testid="table-filter" />
        </div>
        <div className={styles.field}>
          <label htmlFor="products-table-show">{t('table.show')}</label>
          <Select id="products-table-show" value={show} onChange={(_, d) => setShow(d.value as Show)} data-testid="table-show">
            <option value="all">{t('table.all')}</option>
            <option value="low">{t('table.low')}</option>
            <option value="out">{t('table.out')}</option>
          </Select>
        </div>
        <Text className={styles.hint} data-testid="table-count">
          {t('table.count', { shown: number(rows.length), count: total })}
        </Text>
      </div>
      <Text size={200} className={styles.hint} id="products-table-hint">
        {t('table.hint')}
      </Text>
      </>
    ),
    [filter, show, rows.length, total, t, styles, number],
  );
  const head = useMemo(
    () => (
        <div role="row" aria-rowindex={1} className={mergeClasses(styles.row, styles.head)}>
          {COLUMNS.map((column) => (
            <div
              key={column}
              role="columnheader"
              className={styles.cell}
              aria-sort={sort.column === column ? (sort.desc ? 'descending' : 'ascending') : 'none'}
            >
              <button type="button" className={styles.sortButton} onClick={() => sortBy(column)} data-testid={`sort-${column}`} aria-label={t('table.sort', { field: t(`fields.${header(column)}`) })}>
                {t(`fields.${header(column)}`)}
                {sort.column === column && (sort.desc ? <ArrowSortDownRegular /> : <ArrowSortUpRegular />)}
              </button>
            </div>
          ))}
        </div>
    ),
    [sort, sortBy, t, styles],
  );

  return (
    <div className={styles.root} data-testid="products-table">
      {tools}
      <div
        ref={scroller}
        className={styles.grid}
        role="grid"
        aria-label={t('table.caption')}
        aria-describedby="products-table-hint"
        aria-rowcount={rows.length + 1}
        aria-colcount={COLUMNS.length}
        onKeyDown={onKeyDown}
        data-testid="products-grid"
      >
        {head}
        {rows.length === 0 && products && (
          <div role="row" className={styles.row}>
            <div role="gridcell" className={styles.cell}>
              {t('table.empty')}
            </div>
          </div>
        )}
        <div className={styles.body} style={{ height: virtualizer.getTotalSize() }} role="rowgroup">
          {virtualizer.getVirtualItems().map((item) => {
            const p = rows[item.index];
            return (
              <TableRow
                key={p.id}
                index={item.index}
                top={item.start}
                product={p}
                categoryName={categoryName(p)}
                pending={pending.has(productKey(p.id))}
                refusal={refused.get(productKey(p.id))}
                activeCol={active.row === item.index ? active.col : -1}
                editing={editing && editing.row === item.index ? editing : null}
                onEditValue={(value) => setEditing((e) => (e ? { ...e, value, invalid: false } : e))}
                onCellFocus={(col) => setActive({ row: item.index, col })}
                onToggle={toggle}
                t={tRows}
                number={number}
                money={money}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  index: number;
  top: number;
  product: LocalProduct;
  categoryName: string | null;
  pending: boolean;
  refusal: RejectionRow | undefined;
  activeCol: number;
  editing: { col: number; value: string; invalid: boolean } | null;
  onEditValue: (value: string) => void;
  onCellFocus: (col: number) => void;
  onToggle: (p: LocalProduct) => void;
  /** the table's translation and number formats, shared by every row instead of a hook each */
  t: TFunction<['price-list', 'common']>;
  number: (n: number) => string;
  money: (n: number) => string;
}

/** One product's row: memoised, so a scroll or an edit renders only the rows that changed. */
const TableRow = memo(
  function TableRow({ index, top, product: p, categoryName, pending, refusal, activeCol, editing, onEditValue, onCellFocus, onToggle, t, number, money }: RowProps) {
    const styles = useStyles();
    const low = isLowStock(p);
    const tracked = p.stock_quantity != null;
    const content = (column: ColumnId) => {
      switch (column) {
        case 'sku': return p.sku ?? '';
        case 'name': return p.name;
        case 'category': return categoryName ?? '';
        case 'price': return money(p.price);
        case 'stock':
          return tracked ? (
            <>
              <span className={mergeClasses(styles.num, low && styles.low)}>{number(p.stock_quantity as number)}</span>
              {low && (
                <span className={mergeClasses(styles.badge, styles.warn)} data-testid="low-stock">
                  {t('table.lowStock')}
                </span>
              )}
            </>
          ) : (
            <span className={styles.hint}>{t('table.untracked')}</span>
          );
        case 'low': return p.low_stock_threshold == null ? '' : number(p.low_stock_threshold);
        case 'availability':
          return (
            <>
              <span className={mergeClasses(styles.badge, p.availability_status === 'available' ? styles.ok : styles.out)} data-testid="availability">
                {t(p.availability_status === 'available' ? 'table.available' : 'table.outOfStock')}
              </span>
              {pending && (
                <span className={mergeClasses(styles.badge, styles.warn)} data-testid="pending-badge">
                  {t('table.pending')}
                </span>
              )}
              {refusal && (
                <span className={mergeClasses(styles.badge, styles.refusedMark)} title={t('table.refused', { reason: t(`errors:${refusal.code}`, { defaultValue: refusal.error }) })} data-testid="row-refused">
                  {t('table.refused', { reason: t(`errors:${refusal.code}`, { defaultValue: refusal.error }) })}
                </span>
              )}
            </>
          );
      }
    };
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        className={styles.row}
        style={{ position: 'absolute', top: 0, insetInlineStart: 0, width: '100%', transform: `translateY(${top}px)` }}
        data-testid="table-row"
        data-product={p.id}
      >
        {COLUMNS.map((column, col) => {
          const isEditing = editing && editing.col === col;
          return (
            <div
              key={column}
              role="gridcell"
              aria-colindex={col + 1}
              aria-readonly={!EDITABLE[column] && !(column === 'availability' && !tracked) ? true : undefined}
              tabIndex={activeCol === col ? 0 : -1}
              data-cell={`${index}:${col}`}
              data-column={column}
              className={mergeClasses(styles.cell, (column === 'price' || column === 'low') && styles.num, activeCol === col && styles.active)}
              onFocus={() => activeCol !== col && onCellFocus(col)}
              onClick={() => onCellFocus(col)}
              onDoubleClick={() => column === 'availability' && onToggle(p)}
            >
              {isEditing ? (
                <Input
                  className={styles.editor}
                  size="small"
                  autoFocus
                  value={editing.value}
                  aria-label={t(`fields.${header(column)}`)}
                  aria-invalid={editing.invalid || undefined}
                  onChange={(_, d) => onEditValue(d.value)}
                  data-testid="cell-editor"
                />
              ) : (
                content(column)
              )}
            </div>
          );
        })}
      </div>
    );
  },
  (a, b) =>
    a.index === b.index &&
    a.top === b.top &&
    a.product === b.product &&
    a.categoryName === b.categoryName &&
    a.pending === b.pending &&
    a.refusal === b.refusal &&
    a.activeCol === b.activeCol &&
    a.editing === b.editing &&
    a.onToggle === b.onToggle &&
    a.t === b.t &&
    a.number === b.number &&
    a.money === b.money,
);
