import { Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ root: { display: 'grid', gap: tokens.spacingVerticalM } });

/** A list still loading from the local store: a few grey cards. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const styles = useStyles();
  return (
    <Skeleton className={styles.root} aria-busy="true" data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonItem key={i} size={72} />
      ))}
    </Skeleton>
  );
}
