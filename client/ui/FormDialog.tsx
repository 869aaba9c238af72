/**
 * A form in a dialog that writes through the outbox: the dialog's frame (title, fields,
 * the primary submit and cancel, FieldPair for two narrow fields side by side), and
 * useOutboxForm, the state behind it: text values, one error key per field, busy while
 * the local write runs. The values stay text until the dialog's `validate` turns them into
 * its input (numbers through ui/formInput, which reads Arabic-Indic digits too). A write is
 * checked twice with the same shared schema: by the form's own validation (messages per
 * field) and by the outbox, whose refusal (ValidationFailed) lands on the same fields. The
 * dialog decides in `onDone` what follows a stored write (close, or reset for the next).
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { ValidationFailed } from '../data/local/hooks';
import { issuesToErrors, type FieldErrors } from './formInput';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  // Two narrow fields side by side; minWidth 0 lets the inputs shrink to a phone's width.
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalM,
    '& > *': { minWidth: 0 },
    '& .fui-Input': { minWidth: 0, width: '100%' },
  },
});

/** Two narrow fields side by side (quantity and unit, a range's ends). */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className={useStyles().pair}>{children}</div>;
}

export function FormDialog({
  open = true,
  title,
  submitLabel,
  cancelLabel,
  busy,
  onSubmit,
  onClose,
  formTestId,
  submitTestId,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  formTestId: string;
  submitTestId: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form
          noValidate
          data-testid={formTestId}
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>{children}</DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={busy} data-testid={submitTestId}>
                {submitLabel}
              </Button>
              <Button type="button" onClick={onClose}>
                {cancelLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

export interface OutboxFormOptions<F extends string, V extends Record<F, string>, I> {
  initial: () => V;
  fields: readonly F[];
  /** The form's own check: an error key per field, or the input to write. */
  validate: (values: V) => { errors: FieldErrors<F>; input?: I | null };
  write: (input: I) => Promise<unknown>;
  /** After the write is stored; `reset` empties the form for the next one. */
  onDone: (reset: () => void) => void;
  /** The message of an error key, for Field's validationMessage. */
  errorText: (key: string | undefined) => string | undefined;
}

export function useOutboxForm<F extends string, V extends Record<F, string>, I>(opts: OutboxFormOptions<F, V, I>) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);

  /** An onChange for Input, Textarea and Select: (event, { value }). */
  const set = (name: F) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [name]: data.value }));
  /** Field's validation props for `name`. */
  const field = (name: F) => ({
    validationMessage: opts.errorText(errors[name]),
    validationState: errors[name] ? ('error' as const) : ('none' as const),
  });

  const submit = async () => {
    const { errors: found, input } = opts.validate(values);
    setErrors(found);
    if (input === undefined || input === null) return;
    setBusy(true);
    try {
      await opts.write(input);
      opts.onDone(() => setValues(opts.initial()));
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(issuesToErrors(error.issues, opts.fields, { blank: (f) => values[f].trim() === '' }));
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, errors, busy, set, field, submit };
}
