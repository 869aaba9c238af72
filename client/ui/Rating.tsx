/**
 * Ratings, the one widget for them: an average as five stars filled by halves with its
 * text ("4.5 (12 reviews)", or "No reviews yet"), and the 1-5 input of the review form
 * (default 5) as a radio group.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { StarFilled, StarRegular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RATING_MAX } from '../../shared/constants';
import { useFormat } from '../i18n/format';

const useStyles = makeStyles({
  root: { display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  stars: { display: 'inline-flex', alignItems: 'center', gap: '2px', color: tokens.colorPaletteMarigoldForeground1 },
  // What @fluentui/react-icons gives its svg (see STAR).
  icon: { display: 'inline', lineHeight: 0, '@media (forced-colors: active)': { forcedColorAdjust: 'auto' } },
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
function halves(average: number): number {
  return Math.round(Math.min(Math.max(average, 0), RATING_MAX) * 2) / 2;
}

/**
 * The shapes of @fluentui/react-icons' StarFilled, StarHalfFilled and StarRegular, drawn
 * as the same svg elements without an icon component each: a list shows five stars per
 * card, and five icon components (two style hooks each) per card were a fifth of the
 * time a page of search results took to render.
 */
const STAR = {
  filled: 'M9.1 2.9a1 1 0 0 1 1.8 0l1.93 3.91 4.31.63a1 1 0 0 1 .56 1.7l-3.12 3.05.73 4.3a1 1 0 0 1-1.45 1.05L10 15.51l-3.86 2.03a1 1 0 0 1-1.45-1.05l.74-4.3L2.3 9.14a1 1 0 0 1 .56-1.7l4.31-.63z',
  half: 'M10 2.34a1 1 0 0 0-.9.56L7.17 6.8l-4.31.63a1 1 0 0 0-.56 1.7l3.13 3.05-.74 4.3a1 1 0 0 0 1.45 1.05L10 15.51z',
  empty:
    'M9.1 2.9a1 1 0 0 1 1.8 0l1.93 3.91 4.31.63a1 1 0 0 1 .56 1.7l-3.12 3.05.73 4.3a1 1 0 0 1-1.45 1.05L10 15.51l-3.86 2.03a1 1 0 0 1-1.45-1.05l.74-4.3L2.3 9.14a1 1 0 0 1 .56-1.7l4.31-.63zm.9.44L8.07 7.25a1 1 0 0 1-.75.55L3 8.43l3.12 3.04a1 1 0 0 1 .3.89l-.75 4.3 3.87-2.03a1 1 0 0 1 .93 0l3.86 2.03-.74-4.3a1 1 0 0 1 .29-.89L17 8.43l-4.32-.63a1 1 0 0 1-.75-.55z',
} as const;

interface RatingProps {
  average: number | null | undefined;
  count: number | null | undefined;
  /** On the text, for tests ('rating' unless told). */
  testId?: string;
}

/** An average rating with its review count. */
export function Rating(props: RatingProps) {
  const { t } = useTranslation();
  return <RatingLine {...props} t={t} />;
}

/**
 * Rating with the caller's translation function: a list of cards passes its own, since a
 * translation hook per card cost more than the rest of a card's work.
 */
export function RatingLine({ average, count, t, testId = 'rating' }: RatingProps & { t: TFunction<any> }) {
  const styles = useStyles();
  const format = useFormat();
  const total = count ?? 0;
  const value = total ? halves(average ?? 0) : 0;
  const star = (n: number, shape: keyof typeof STAR, className: string) => (
    <svg
      key={n}
      className={className}
      fill="currentColor"
      aria-hidden
      data-fui-icon=""
      width="1em"
      height="1em"
      viewBox="0 0 20 20"
      xmlns="http://www.w3.org/2000/svg"
      fontSize={16}
    >
      <path d={STAR[shape]} fill="currentColor" />
    </svg>
  );
  const filled = mergeClasses('fui-Icon', styles.icon);
  const half = mergeClasses('fui-Icon', styles.icon, styles.half);
  const empty = mergeClasses('fui-Icon', styles.icon, styles.empty);
  return (
    <span className={styles.root}>
      {/* The text says it all; the stars are its picture. */}
      <span className={styles.stars} aria-hidden data-testid="stars" data-value={value}>
        {Array.from({ length: RATING_MAX }, (_, i) => {
          const n = i + 1;
          if (value >= n) return star(n, 'filled', filled);
          if (value >= n - 0.5) return star(n, 'half', half);
          return star(n, 'empty', empty);
        })}
      </span>
      <span data-testid={testId}>{total ? t('common:rating.summary', { rating: format.rating(average ?? 0), count: total }) : t('common:rating.none')}</span>
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
