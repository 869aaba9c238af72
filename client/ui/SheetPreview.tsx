/**
 * The rows of an imported file as a table, virtualised (a file of 20,000 rows renders
 * only the rows in view): any import's preview, its columns given by the caller.
 *
 * A problem row is highlighted. Narrower than `stackBelow` (a phone), each row is a card
 * of its fields, its problems first: a table's last column would sit off the screen, and
 * the problems are what the person must see.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useSyncExternalStore, type ReactNode } from 'react';

const ROW_HEIGHT = 36;
/** A card's height before it is measured: five fields and a line of problems. */
const CARD_HEIGHT = 150;

/** Whether the screen is narrower than `width` (a CSS length), live. */
function useNarrowerThan(width: string | undefined): boolean {
  const query = width ? `(max-width: ${width})` : null;
  return useSyncExternalStore(
    (listener) => {
      const list = query ? globalThis.matchMedia?.(query) : undefined;
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    () => (query ? (globalThis.matchMedia?.(query).matches ?? false) : false),
    () => false,
  );
}

export interface PreviewColumn<R> {
  header: string;
  /** the grid track, e.g. '60px' or 'minmax(160px,2fr)' */
  width: string;
  cell: (row: R) => ReactNode;
  /** a column of problems: its text in the error colour, the whole text in a tooltip */
  problems?: boolean;
  /** a column where a problem is fixed (a picker): on a card it comes right under the problems, in view */
  fixes?: boolean;
}

const useStyles = makeStyles({
  preview: { height: 'min(50vh, 480px)', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, contain: 'strict' },
  row: { display: 'grid', alignItems: 'center', height: `${ROW_HEIGHT}px`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  cell: { paddingInline: tokens.spacingHorizontalS, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  problem: { color: tokens.colorPaletteRedForeground1 },
  flagged: { backgroundColor: tokens.colorPaletteRedBackground1 },
  card: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    alignItems: 'center',
    padding: tokens.spacingHorizontalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  flaggedCard: { backgroundColor: tokens.colorPaletteRedBackground1, borderInlineStartWidth: '4px', borderInlineStartStyle: 'solid', borderInlineStartColor: tokens.colorPaletteRedBorder2 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { minInlineSize: 0, overflowWrap: 'anywhere' },
  cardProblems: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});

export function SheetPreview<R>({
  rows,
  columns,
  label,
  minWidth,
  rowData,
  flagged,
  stackBelow,
}: {
  rows: readonly R[];
  columns: ReadonlyArray<PreviewColumn<R>>;
  label: string;
  /** the table's narrowest width: narrower screens scroll it inside its frame */
  minWidth: string;
  /** data-* attributes of a row (its line, its outcome), for tests and styles */
  rowData?: (row: R) => Record<`data-${string}`, string | number>;
  /** whether a row has problems: highlighted */
  flagged?: (row: R) => boolean;
  /** a screen narrower than this shows each row as a card (unset: always the table) */
  stackBelow?: string;
}) {
  const styles = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const stacked = useNarrowerThan(stackBelow);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (stacked ? CARD_HEIGHT : ROW_HEIGHT),
    overscan: stacked ? 4 : 10,
  });
  const grid = { gridTemplateColumns: columns.map((c) => c.width).join(' '), minWidth };
  if (stacked) {
    return (
      <div ref={scroller} className={styles.preview} tabIndex={0} role="region" aria-label={label} data-testid="import-preview" data-stacked="true">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="list" aria-label={label}>
          {virtualizer.getVirtualItems().map((item) => {
            const r = rows[item.index];
            const problems = columns.filter((c) => c.problems).map((c) => ({ c, content: c.cell(r) }));
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="listitem"
                className={mergeClasses(styles.card, flagged?.(r) && styles.flaggedCard)}
                style={{ position: 'absolute', top: 0, insetInlineStart: 0, width: '100%', transform: `translateY(${item.start}px)` }}
                data-testid="preview-row"
                {...rowData?.(r)}
              >
                {problems.map(({ c, content }) =>
                  content ? (
                    <div key={c.header} className={styles.cardProblems} data-testid="row-problems">
                      {content}
                    </div>
                  ) : null,
                )}
                {[...columns.filter((c) => c.fixes && !c.problems), ...columns.filter((c) => !c.fixes && !c.problems)]
                  .map((c) => (
                    <div key={c.header} style={{ display: 'contents' }}>
                      <span className={styles.term}>{c.header}</span>
                      <span className={styles.value}>{c.cell(r)}</span>
                    </div>
                  ))}
              </div>
            );
          })}
        </div>
      </div>
    );
  }
  return (
    // Focusable, so a keyboard can scroll it (it scrolls on its own, inside the page).
    <div ref={scroller} className={styles.preview} tabIndex={0} role="table" aria-label={label} aria-rowcount={rows.length + 1} data-testid="import-preview">
      <div role="row" className={mergeClasses(styles.row, styles.head)} style={grid}>
        {columns.map((c) => (
          <div key={c.header} role="columnheader" className={styles.cell}>
            {c.header}
          </div>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
        {virtualizer.getVirtualItems().map((item) => {
          const r = rows[item.index];
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              className={mergeClasses(styles.row, flagged?.(r) && styles.flagged)}
              style={{ ...grid, position: 'absolute', top: 0, insetInlineStart: 0, width: '100%', transform: `translateY(${item.start}px)` }}
              data-testid="preview-row"
              {...rowData?.(r)}
            >
              {columns.map((c) => {
                const content = c.cell(r);
                return c.problems ? (
                  <div key={c.header} role="cell" className={mergeClasses(styles.cell, styles.problem)} title={typeof content === 'string' ? content : undefined} data-testid="row-problems">
                    {content}
                  </div>
                ) : (
                  <div key={c.header} role="cell" className={styles.cell}>
                    {content}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
