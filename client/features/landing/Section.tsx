import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  section: { paddingBlock: '40px', paddingInline: tokens.spacingHorizontalL },
  tinted: { backgroundColor: tokens.colorNeutralBackground2 },
  inner: { maxInlineSize: '1100px', marginInline: 'auto' },
  title: { marginBlock: `0 ${tokens.spacingVerticalXL}`, fontSize: tokens.fontSizeBase600, textAlign: 'center' },
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' },
  smallGrid: { gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  icon: { fontSize: '32px', color: tokens.colorBrandForeground1 },
  cardTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  cardBody: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

/** A titled landing section. */
export function Section({ id, title, tinted, children }: { id: string; title: string; tinted?: boolean; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section id={id} className={mergeClasses(styles.section, tinted && styles.tinted)} aria-labelledby={`${id}-title`}>
      <div className={styles.inner}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function CardGrid({ small, children }: { small?: boolean; children: ReactNode }) {
  const styles = useStyles();
  return <div className={mergeClasses(styles.grid, small && styles.smallGrid)}>{children}</div>;
}

/** A card with an icon, a title and a short text. */
export function FeatureCard({ icon, title, body, testId }: { icon: ReactNode; title: string; body: string; testId?: string }) {
  const styles = useStyles();
  return (
    <article className={styles.card} data-testid={testId}>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <h3 className={styles.cardTitle}>{title}</h3>
      <p className={styles.cardBody}>{body}</p>
    </article>
  );
}
