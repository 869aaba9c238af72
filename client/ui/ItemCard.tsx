import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** A card's surface (padding, corners, background, shadow): item cards and the panels of a detail screen. */
export const CARD_SURFACE = {
  padding: tokens.spacingHorizontalM,
  borderRadius: tokens.borderRadiusLarge,
  backgroundColor: tokens.colorNeutralBackground1,
  boxShadow: tokens.shadow4,
  minWidth: 0,
} as const;

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, ...CARD_SURFACE },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
});

/** A list item of the order and transport screens: a heading with its badges, then the body. */
export function ItemCard({
  heading,
  badges,
  children,
  testId,
  id,
  headingLevel = 2,
}: {
  heading: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  testId?: string;
  id?: string;
  headingLevel?: 2 | 3;
}) {
  const styles = useStyles();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} data-testid={testId} data-id={id}>
      <div className={styles.head}>
        <H className={styles.title}>{heading}</H>
        {badges && <div className={styles.badges}>{badges}</div>}
      </div>
      {children}
    </article>
  );
}
