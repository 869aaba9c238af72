import { Badge } from '@fluentui/react-components';

export type StatusTone = 'brand' | 'success' | 'warning' | 'danger' | 'informative' | 'subtle' | 'important';

/**
 * A status shown as a badge, the one for every status (orders, offers, transport requests,
 * projects, bids, a product's availability, a dashboard item): the label is already
 * translated; `status` stays machine-readable for tests and styles.
 */
export function StatusBadge({ label, tone, status, testId = 'status-badge' }: { label: string; tone: StatusTone; status: string; testId?: string }) {
  return (
    <Badge appearance="tint" color={tone} shape="rounded" data-testid={testId} data-status={status}>
      {label}
    </Badge>
  );
}
