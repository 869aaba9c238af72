/**
 * A form in a dialog that writes through the outbox (orders, offers, requests, quotes,
 * projects, bids): the dialog's frame (title, an error message, fields, the primary
 * submit and cancel, FieldPair for two narrow fields side by side), and useOutboxForm,
 * the state behind it: text values, one error key per field, busy while the local write
 * runs. The values stay text until the dialog's `validate` turns them into its input
 * (numbers through ui/formInput, which reads Arabic-Indic digits too). A write is checked
 * twice with the same shared schema: by the form's own validation (messages per field)
 * and by the outbox, whose refusal (ValidationFailed) lands on the same fields. The dialog
 * decides in `onDone` what follows a stored write (close, or reset for the next); a write
 * the device could not store (its storage full, say) leaves the dialog open with what was
 * typed, and the dialog says so.
 */
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
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useRef, useState, type ReactNode } from 'react';
import { ValidationFailed } from '../data/local/hooks';
import { issuesToErrors, type FieldErrors, type SharedFieldError } from './formInput';

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
  failure,
  failureTestId = 'form-failed',
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
  /** What to say when the write could not be stored (useOutboxForm's `failed`); nothing otherwise. */
  failure?: string | null;
  failureTestId?: string;
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
            <DialogContent className={styles.form}>
              {failure && (
                <MessageBar layout="multiline" intent="error" data-testid={failureTestId}>
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              )}
              {children}
            </DialogContent>
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

export interface OutboxFormOptions<F extends string, V extends Record<F, string>, I, R, M extends string> {
  initial: () => V;
  fields: readonly F[];
  /** The form's own check: an error key per field, or the input to write. */
  validate: (values: V) => { errors: FieldErrors<F, M | SharedFieldError>; input?: I | null };
  /**
   * The local write; what it resolves to (the rows as stored) goes to onDone. A write that
   * can hand its rows over in the task that stored them (useLocalWrite's `show`) calls
   * `show` with them: onDone runs there, in the render that marks them waiting to send.
   * A write that shows its rows before they are stored (useLocalWrite with the rows the
   * screen holds) calls `show` first with those, and onDone runs then; should storing
   * then fail, onUndone runs (with `show(null)` before it).
   */
  write: (input: I, show: (stored: R | null) => void) => Promise<R>;
  /**
   * After the write is stored (or shown, see write), with its rows; `reset` empties the form
   * for the next one. Focus has left the dialog by then (see submit).
   */
  onDone: (reset: () => void, stored: R) => void;
  /**
   * A write shown before it was stored could not be stored after all: the dialog's owner
   * shows the dialog again, which kept what was typed and says the write failed. An owner
   * that gives it keeps the dialog mounted (closed) until onSettled.
   */
  onUndone?: () => void;
  /** The write is stored or has failed: nothing of it is pending any more. */
  onSettled?: () => void;
  /** The message of an error key, for Field's validationMessage. */
  errorText: (key: M | SharedFieldError | undefined) => string | undefined;
}

const sameErrors = (a: Record<string, string | undefined>, b: Record<string, string | undefined>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

export function useOutboxForm<F extends string, V extends Record<F, string>, I, R, M extends string>(opts: OutboxFormOptions<F, V, I, R, M>) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors<F, M | SharedFieldError>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const writing = useRef(false);

  /** An onChange for Input, Textarea and Select: (event, { value }). */
  const set = (name: F) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [name]: data.value }));
  /** Field's validation props for `name`. */
  const field = (name: F) => ({
    validationMessage: opts.errorText(errors[name]),
    validationState: errors[name] ? ('error' as const) : ('none' as const),
  });

  const submit = async () => {
    // State is set only when it changes, and the button shows busy only for a write that
    // takes a while: each render of the dialog is work the write waits on (a bid is stored
    // and shown in a few milliseconds, with nothing else for the page to do meanwhile).
    if (writing.current) return;
    const { errors: found, input } = opts.validate(values);
    if (!sameErrors(found, errors)) setErrors(found);
    if (input === undefined || input === null) return;
    if (failed) setFailed(false);
    writing.current = true;
    const slow = setTimeout(() => setBusy(true), 100);
    let stored: R;
    let done = false;
    const finish = (rows: R | null) => {
      // Shown once: the stored rows after a shown prediction are the live query's to bring,
      // and a prediction taken back is the failure's (below).
      if (rows === null || done) return;
      done = true;
      // Focus leaves the dialog before it goes: removing the focused element makes the
      // browser recompute style and layout at once, in the middle of the removal (focus ends
      // on the page either way).
      (document.activeElement as HTMLElement | null)?.blur();
      opts.onDone(() => setValues(opts.initial()), rows);
    };
    try {
      stored = await opts.write(input, finish);
    } catch (error) {
      if (error instanceof ValidationFailed) return setErrors(issuesToErrors(error.issues, opts.fields, { blank: (f) => values[f].trim() === '' }));
      console.error('form not stored', error);
      setFailed(true);
      if (done) opts.onUndone?.();
      return;
    } finally {
      clearTimeout(slow);
      writing.current = false;
      setBusy(false);
      opts.onSettled?.();
    }
    if (!done) finish(stored);
  };

  return { values, setValues, errors, busy, failed, set, field, submit };
}
