import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

/** A yes/no question before an action that cannot be undone (accept an offer, cancel an order). */
export function ConfirmDialog({
  open,
  title,
  body,
  confirm,
  dismiss,
  onConfirm,
  onDismiss,
  confirmTestId = 'confirm-yes',
}: {
  open: boolean;
  title: string;
  body?: string;
  confirm: string;
  dismiss: string;
  onConfirm: () => void;
  onDismiss: () => void;
  confirmTestId?: string;
}) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onDismiss()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {body && <DialogContent>{body}</DialogContent>}
          <DialogActions>
            <Button appearance="primary" onClick={onConfirm} data-testid={confirmTestId}>
              {confirm}
            </Button>
            <Button onClick={onDismiss} data-testid="confirm-no">
              {dismiss}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
