import { Button, Dialog, DialogActions, DialogBody, DialogSurface, DialogTitle, type ButtonProps } from '@fluentui/react-components';
import { useState } from 'react';

/** A button whose action runs only after a confirmation dialog. */
export function ConfirmButton({
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  testId,
  ...button
}: ButtonProps & { question: string; confirmLabel: string; cancelLabel: string; onConfirm: () => void; testId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)} data-testid={testId} />
      <Dialog open={open} onOpenChange={(_, data) => setOpen(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{question}</DialogTitle>
            <DialogActions>
              <Button
                appearance="primary"
                data-testid={testId ? `${testId}-confirm` : undefined}
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
              <Button onClick={() => setOpen(false)}>{cancelLabel}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
