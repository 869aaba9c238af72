import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({ muted: { color: tokens.colorNeutralForeground3 } });

/** A quiet line: an empty list, or why no action is offered. */
export function Muted({ children, testId }: { children: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <Text className={styles.muted} data-testid={testId}>
      {children}
    </Text>
  );
}
