import { makeStyles, tokens } from '@fluentui/react-components';
import { MUTATIONS, type MutationName } from '../../shared/mutations';
import type { RowKey } from '../data/db/schema';
import { useRejections } from '../data/local/hooks';
import { ItemCard } from './ItemCard';
import { RefusalNote } from './RefusalNote';
import { StatusBadge } from './StatusBadge';

const useStyles = makeStyles({ list: { display: 'grid', gap: tokens.spacingVerticalM } });

/**
 * Items whose creation the server refused (a plan limit, say): the item is gone from the
 * lists, so it is shown here with what it was and why, until it is resent or discarded
 * in the sync centre. Nothing a person typed disappears without a word.
 */
export function RefusedCreates({
  name,
  heading,
  badge,
}: {
  name: MutationName;
  heading: (args: Record<string, unknown>) => string;
  /** The translated "not sent" status label. */
  badge: string;
}) {
  const styles = useStyles();
  const refused = useRejections().filter((r) => r.name === name);
  if (!refused.length) return null;
  const entity = MUTATIONS[name].entity;
  return (
    <div className={styles.list}>
      {refused.map((r) => (
        <ItemCard
          key={r.id}
          testId="refused-create"
          heading={<bdi>{heading(r.args)}</bdi>}
          badges={<StatusBadge label={badge} tone="danger" status="refused" />}
        >
          <RefusalNote rowKey={`${entity}:${String(r.args.id)}` as RowKey} />
        </ItemCard>
      ))}
    </div>
  );
}
