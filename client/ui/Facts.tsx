import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: tokens.spacingVerticalXS, margin: 0 },
  fact: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

export type Fact = { term: string; value: ReactNode; testId?: string };

/** Label/value pairs of a card (quantity, budget, times), two or more to a row. */
export function Facts({ facts }: { facts: Fact[] }) {
  const styles = useStyles();
  if (!facts.length) return null;
  return (
    <dl className={styles.facts}>
      {facts.map((f) => (
        <div key={f.term} className={styles.fact}>
          <dt className={styles.term}>{f.term}</dt>
          <dd className={styles.value} data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
