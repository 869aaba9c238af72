/**
 * The three states every list shows besides its rows (issue 9): loading skeletons while
 * the local store answers, an empty state with an optional next action, and (through
 * ErrorBox) an error box with retry.
 */
import { Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
  card: {
    display: 'grid',
    gridTemplateColumns: '72px 1fr',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, alignContent: 'start' },
  empty: {
    display: 'grid',
    justifyItems: 'center',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalXXL,
    paddingInline: tokens.spacingHorizontalL,
    textAlign: 'center',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  emptyIcon: { fontSize: '40px', color: tokens.colorNeutralForeground3 },
  emptyBody: { color: tokens.colorNeutralForeground2, maxInlineSize: '36rem', lineHeight: '1.6' },
});

/** Placeholder cards while a list loads. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  const styles = useStyles();
  return (
    <Skeleton aria-label={label} className={styles.list} data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.card}>
          <SkeletonItem shape="square" size={72} />
          <div className={styles.lines}>
            <SkeletonItem size={16} />
            <SkeletonItem size={12} />
            <SkeletonItem size={12} />
          </div>
        </div>
      ))}
    </Skeleton>
  );
}

/** What an empty list says, and the action that fills it. */
export function EmptyState({ icon, title, body, action, testId = 'empty-state' }: { icon?: ReactNode; title: string; body?: string; action?: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.empty} data-testid={testId}>
      {icon && <span className={styles.emptyIcon} aria-hidden>{icon}</span>}
      <Text as="h2" weight="semibold" size={400}>
        {title}
      </Text>
      {body && <Text className={styles.emptyBody}>{body}</Text>}
      {action}
    </div>
  );
}
