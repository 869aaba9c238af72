import { Button, type ButtonProps } from '@fluentui/react-components';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** A button whose action runs only after a yes/no question (ConfirmDialog). */
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
      <ConfirmDialog
        open={open}
        title={question}
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
