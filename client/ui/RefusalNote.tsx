import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { RowKey } from '../data/db/schema';
import { useRejectionsFor } from '../data/local/hooks';
import { PATHS } from '../app/paths';
import { actionLabel, reasonOf } from '../features/sync-centre/rejections';

/**
 * The server's refusals of actions on one item (an order, a request), shown on the item
 * itself with the reason in the reader's language; the sync centre keeps the same list
 * with edit-and-resend and discard.
 */
export function RefusalNote({ rowKey }: { rowKey: RowKey }) {
  const { t } = useTranslation(['sync', 'common']);
  const rejections = useRejectionsFor(rowKey);
  if (!rejections.length) return null;
  return (
    <>
      {rejections.map((r) => (
        <MessageBar key={r.id} intent="error" layout="multiline" data-testid="item-rejection" data-code={r.code}>
          <MessageBarBody>
            <MessageBarTitle>{actionLabel(t, r.name)}</MessageBarTitle>
            {t('centre.reason', { reason: reasonOf(t, r) })}{' '}
            <RouterLink to={PATHS.syncCentre}>{t('centre.title')}</RouterLink>
          </MessageBarBody>
        </MessageBar>
      ))}
    </>
  );
}
