import { Button, type ButtonProps } from '@fluentui/react-components';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** A button whose action runs only after a yes/no question (ConfirmDialog), with what it does in `body` where the question alone does not say it. */
export function ConfirmButton({
  question,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  testId,
  ...button
}: ButtonProps & { question: string; body?: string; confirmLabel: string; cancelLabel: string; onConfirm: () => void; testId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)} data-testid={testId} />
      <ConfirmDialog
        open={open}
        title={question}
        body={body}
        confirm={confirmLabel}
        dismiss={cancelLabel}
        confirmTestId={testId ? `${testId}-confirm` : undefined}
        onDismiss={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
