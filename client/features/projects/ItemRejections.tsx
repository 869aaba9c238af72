import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { RowKey } from '../../data/db/schema';
import { useRejectionsFor } from '../../data/local/hooks';
import { actionLabel, reasonOf } from '../sync-centre/rejections';

/** The refused actions on one item, with the reason in the reader's language (DESIGN section 10). */
export function ItemRejections({ rowKey }: { rowKey: RowKey }) {
  const { t } = useTranslation(['sync', 'common']);
  const rejections = useRejectionsFor(rowKey);
  return (
    <>
      {rejections.map((r) => (
        <MessageBar key={r.id} intent="error" layout="multiline" data-testid="item-rejection" data-code={r.code}>
          <MessageBarBody>
            <MessageBarTitle>{actionLabel(t, r.name)}</MessageBarTitle>
            {t('centre.reason', { reason: reasonOf(t, r) })}
          </MessageBarBody>
        </MessageBar>
      ))}
    </>
  );
}
