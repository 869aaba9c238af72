/**
 * Every row of a chosen price list with what it will do and its problems, virtualised
 * (a file of 20,000 rows renders only the rows in view).
 */
import { Badge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckedRow } from '../../../shared/price-list';
import { useFormat } from '../../i18n/format';
import { useIssueText } from './useIssueText';

const ROW_HEIGHT = 36;
const HEADERS = ['import.line', 'import.status', 'fields.sku', 'fields.name', 'fields.price', 'fields.stock', 'import.problems'] as const;
const COLORS = { create: 'brand', update: 'informative', unchanged: 'subtle', invalid: 'danger' } as const;

const useStyles = makeStyles({
  preview: { height: 'min(50vh, 480px)', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, contain: 'strict' },
  row: { display: 'grid', gridTemplateColumns: '60px 100px minmax(80px,1fr) minmax(160px,2fr) minmax(120px,1fr) minmax(80px,1fr) minmax(200px,3fr)', alignItems: 'center', height: `${ROW_HEIGHT}px`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: '900px' },
  head: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  cell: { paddingInline: tokens.spacingHorizontalS, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

export function ImportPreview({ rows }: { rows: CheckedRow[] }) {
  const styles = useStyles();
  const { t } = useTranslation('price-list');
  const format = useFormat();
  const issueText = useIssueText();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const num = (n: number | null) => (n === null ? '' : format.number(n));
  /** The price, or the old and the new one when the row changes it (the arrow is the translation's, pointing in the reading direction). */
  const priceText = (r: CheckedRow) =>
    r.before && r.price !== null && r.price !== r.before.price ? t('import.priceChange', { before: format.number(r.before.price), after: format.number(r.price) }) : num(r.price);
  return (
    <div ref={scroller} className={styles.preview} role="table" aria-label={t('import.preview')} aria-rowcount={rows.length + 1} data-testid="import-preview">
      <div role="row" className={mergeClasses(styles.row, styles.head)}>
        {HEADERS.map((key) => (
          <div key={key} role="columnheader" className={styles.cell}>
            {t(key)}
          </div>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
        {virtualizer.getVirtualItems().map((item) => {
          const r = rows[item.index];
          const problems = issueText(r.issues);
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
                <Badge appearance="tint" color={COLORS[r.action]}>
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
                {priceText(r)}
              </div>
              <div role="cell" className={styles.cell}>
                {num(r.stock)}
              </div>
              <div role="cell" className={mergeClasses(styles.cell, styles.problem)} title={problems} data-testid="row-problems">
                {problems}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
