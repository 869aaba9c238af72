import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: tokens.spacingVerticalXS, margin: 0 },
  fact: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  // An IBAN or a VAT number (kept whole by <Identifier>): the whole row, where it fits on one line.
  whole: { gridColumn: '1 / -1' },
  money: { whiteSpace: 'nowrap' },
});

/**
 * `money`: the value is an amount (marked data-money, kept on one line);
 * `whole`: an identifier read as one word (IBAN, VAT number), given a row of its own.
 */
export type Fact = { term: string; value: ReactNode; testId?: string; money?: boolean; whole?: boolean };

/** Label/value pairs of a card (quantity, budget, times), two or more to a row. */
export function Facts({ facts }: { facts: Fact[] }) {
  const styles = useStyles();
  if (!facts.length) return null;
  return (
    <dl className={styles.facts}>
      {facts.map((f) => (
        <div key={f.term} className={mergeClasses(styles.fact, f.whole && styles.whole)}>
          <dt className={styles.term}>{f.term}</dt>
          <dd className={mergeClasses(styles.value, f.money && styles.money)} data-testid={f.testId} data-money={f.money || undefined}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
