import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncNow, useWaitingCount } from '../../data/local/hooks';

/**
 * Sign-out with changes not sent yet: say how many, offer to
 * send them first, and sign out only when they are sent or the user says so.
 */
export function SignOutDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('sync');
  const waiting = useWaitingCount();
  const syncNow = useSyncNow();
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState<number | null>(null);

  const sendFirst = async () => {
    setSending(true);
    try {
      const still = await syncNow();
      if (still === 0) onConfirm();
      else setLeft(still);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onCancel()} modalType="alert">
      <DialogSurface data-testid="signout-dialog">
        <DialogBody>
          <DialogTitle>{t('signOut.title')}</DialogTitle>
          <DialogContent>
            <p>{t('signOut.body', { count: left ?? waiting })}</p>
            {left !== null && (
              <MessageBar layout="multiline" intent="warning">
                <MessageBarBody>{t('signOut.stillWaiting')}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions fluid>
            <Button appearance="primary" onClick={sendFirst} disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined} data-testid="signout-send">
              {sending ? t('signOut.sending') : t('signOut.sendFirst')}
            </Button>
            <Button onClick={onConfirm} disabled={sending} data-testid="signout-anyway">
              {t('signOut.signOutAnyway')}
            </Button>
            <Button appearance="subtle" onClick={onCancel}>
              {t('signOut.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
