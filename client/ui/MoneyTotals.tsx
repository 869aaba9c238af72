import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Fragment } from 'react';

const useStyles = makeStyles({
  totals: { display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'space-between', gap: tokens.spacingVerticalXS, margin: 0 },
  // An amount is never broken across lines: "1,234.50" and its currency read as one.
  dd: { margin: 0, textAlign: 'end', whiteSpace: 'nowrap' },
  strong: { fontWeight: tokens.fontWeightSemibold },
});

export interface TotalRow {
  term: string;
  /** already formatted (format.sar) */
  value: string;
  testId: string;
}

/** Subtotal, VAT and total under a document's lines, each amount at the end of its row, the total in bold. */
export function MoneyTotals({ subtotal, vat, total, testId }: { subtotal: TotalRow; vat: TotalRow; total: TotalRow; testId: string }) {
  const styles = useStyles();
  return (
    <dl className={styles.totals} data-testid={testId}>
      {[subtotal, vat, total].map((row) => (
        <Fragment key={row.testId}>
          <dt className={row === total ? styles.strong : undefined}>{row.term}</dt>
          <dd className={mergeClasses(styles.dd, row === total && styles.strong)} data-testid={row.testId} data-money>
            {row.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
