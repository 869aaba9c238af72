import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PATHS } from '../paths';
import type { RejectionRow, RowKey } from '../data/db/schema';
import { useRejectionActions, useRejectionsFor } from '../data/local/hooks';
import { actionLabel, reasonOf } from './refusals';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * The server's refusals of actions on one item (an order, a request), shown on the item
 * itself with the reason in the reader's language. The sync centre keeps the same list
 * with edit-and-resend; here the person can also let it go once read. `rowKey` may list
 * several rows shown as one item (a project and the caller's bid on it).
 */
export function RefusalNote({ rowKey }: { rowKey: RowKey | RowKey[] }) {
  const { t } = useTranslation(['sync', 'common', 'errors']);
  const rejections = useRejectionsFor(rowKey);
  const { discard } = useRejectionActions();
  const [discarding, setDiscarding] = useState<RejectionRow | null>(null);
  if (!rejections.length) return null;
  return (
    <>
      {rejections.map((r) => (
        <MessageBar key={r.id} intent="error" layout="multiline" data-testid="item-rejection" data-code={r.code}>
          <MessageBarBody>
            <MessageBarTitle>{actionLabel(t, r.name)}</MessageBarTitle>
            {t('centre.reason', { reason: reasonOf(t, r) })} <RouterLink to={PATHS.syncCentre}>{t('centre.title')}</RouterLink>
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => setDiscarding(r)} data-testid="item-rejection-discard">
              {t('centre.discard')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ))}
      <ConfirmDialog
        open={discarding !== null}
        title={t('centre.discardConfirm')}
        confirm={t('centre.discard')}
        dismiss={t('centre.cancel')}
        onConfirm={() => {
          if (discarding) void discard(discarding);
          setDiscarding(null);
        }}
        onDismiss={() => setDiscarding(null)}
      />
    </>
  );
}
