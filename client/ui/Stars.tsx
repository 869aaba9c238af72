/**
 * Star ratings (SPEC section 5, review): a display that fills stars by halves for an
 * average, and the 1-5 input of the review form (default 5) as a radio group.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { StarFilled, StarHalfFilled, StarRegular } from '@fluentui/react-icons';
import { RATING_MAX } from '../../shared/constants';

const useStyles = makeStyles({
  row: { display: 'inline-flex', alignItems: 'center', gap: '2px', color: tokens.colorPaletteMarigoldForeground1 },
  // A half star points the way the text runs.
  half: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
  empty: { color: tokens.colorNeutralForeground3 },
  input: { display: 'inline-flex', gap: tokens.spacingHorizontalXS, border: 'none', margin: 0, padding: 0 },
  option: {
    position: 'relative',
    display: 'inline-grid',
    placeItems: 'center',
    inlineSize: '40px',
    blockSize: '40px',
    fontSize: '30px',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground3,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-within': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  on: { color: tokens.colorPaletteMarigoldForeground1 },
  srOnly: { position: 'absolute', inlineSize: '1px', blockSize: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  radio: { position: 'absolute', opacity: 0, inlineSize: '100%', blockSize: '100%', margin: 0, cursor: 'pointer' },
});

/** Rounds to the nearest half: 4.3 -> 4.5, 4.2 -> 4. */
export function halves(average: number): number {
  return Math.round(Math.min(Math.max(average, 0), RATING_MAX) * 2) / 2;
}

export function StarsDisplay({ average, label, size = 16 }: { average: number; label: string; size?: number }) {
  const styles = useStyles();
  const value = halves(average);
  return (
    <span className={styles.row} role="img" aria-label={label} data-testid="stars" data-value={value}>
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const n = i + 1;
        if (value >= n) return <StarFilled key={n} fontSize={size} aria-hidden />;
        if (value >= n - 0.5) return <StarHalfFilled key={n} fontSize={size} className={styles.half} aria-hidden />;
        return <StarRegular key={n} fontSize={size} className={styles.empty} aria-hidden />;
      })}
    </span>
  );
}

export function StarsInput({ value, onChange, legend, starLabel }: { value: number; onChange: (v: number) => void; legend: string; starLabel: (n: number) => string }) {
  const styles = useStyles();
  return (
    <fieldset className={styles.input} data-testid="stars-input">
      <legend className={styles.srOnly}>
        {legend}
      </legend>
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const n = i + 1;
        return (
          <label key={n} className={mergeClasses(styles.option, n <= value && styles.on)}>
            <input className={styles.radio} type="radio" name="rating" value={n} checked={value === n} onChange={() => onChange(n)} aria-label={starLabel(n)} data-testid={`star-${n}`} />
            {n <= value ? <StarFilled aria-hidden /> : <StarRegular aria-hidden />}
          </label>
        );
      })}
    </fieldset>
  );
}
