/**
 * The rows of an imported file as a table, virtualised (a file of 20,000 rows renders
 * only the rows in view): any import's preview, its columns given by the caller.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

const ROW_HEIGHT = 36;

export interface PreviewColumn<R> {
  header: string;
  /** the grid track, e.g. '60px' or 'minmax(160px,2fr)' */
  width: string;
  cell: (row: R) => ReactNode;
  /** a column of problems: its text in the error colour, the whole text in a tooltip */
  problems?: boolean;
}

const useStyles = makeStyles({
  preview: { height: 'min(50vh, 480px)', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, contain: 'strict' },
  row: { display: 'grid', alignItems: 'center', height: `${ROW_HEIGHT}px`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  cell: { paddingInline: tokens.spacingHorizontalS, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

export function SheetPreview<R>({
  rows,
  columns,
  label,
  minWidth,
  rowData,
}: {
  rows: readonly R[];
  columns: ReadonlyArray<PreviewColumn<R>>;
  label: string;
  /** the table's narrowest width: narrower screens scroll it inside its frame */
  minWidth: string;
  /** data-* attributes of a row (its line, its outcome), for tests and styles */
  rowData?: (row: R) => Record<`data-${string}`, string | number>;
}) {
  const styles = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const grid = { gridTemplateColumns: columns.map((c) => c.width).join(' '), minWidth };
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
              className={styles.row}
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
