import { Field, Input, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Bid } from '../../../shared/schemas/bid';
import type { Project } from '../../../shared/schemas/project';
import { FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { DECIMAL_INPUT, WHOLE_INPUT } from '../../ui/formInput';
import { BID_FIELDS, bidValuesFrom, validateBid } from './bidForm';
import type { ProjectsFormError } from './projectForm';
import { useProjectMutations } from './mutations';

/** Message of an error key of the projects forms (projects:errors). */
export function useProjectErrorText() {
  const { t } = useTranslation('projects');
  return (key: ProjectsFormError | undefined) => (key ? t(`errors.${key}`) : undefined);
}

/**
 * Submit or update a bid: amount and proposal required, days at least 1. Works offline.
 * Once the bid is stored on the device (a few milliseconds, with nothing else for the page
 * to do meanwhile) `onStored` gets it as stored, and the owner closes the dialog as the
 * card shows it; should storing fail (the device's storage full, say), the dialog stays
 * open with what was typed and says so.
 */
export function BidDialog({ project, existing, onClose, onStored }: { project: Project; existing: Bid | null; onClose: () => void; onStored: (bid: Bid) => void }) {
  const { t } = useTranslation('projects');
  const { submitBid } = useProjectMutations();
  const form = useOutboxForm({
    initial: () => bidValuesFrom(existing),
    fields: BID_FIELDS,
    validate: (values) => validateBid(values, project.id),
    write: (input, show: (bid: Bid) => void) => submitBid(input, existing?.id, show),
    onDone: (_reset, bid) => onStored(bid),
    errorText: useProjectErrorText(),
  });
  return (
    <FormDialog
      title={t('bid.dialogTitle', { title: project.title })}
      submitLabel={t('bid.submit')}
      cancelLabel={t('bid.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="bid-dialog"
      submitTestId="bid-submit"
      failure={form.failed ? t('bid.failed') : null}
      failureTestId="bid-failed"
    >
      <Field label={t('bid.amount')} required {...form.field('amount')}>
        <Input name="amount" {...DECIMAL_INPUT} value={form.values.amount} onChange={form.set('amount')} />
      </Field>
      <Field label={t('bid.daysLabel')} {...form.field('estimated_completion_days')}>
        <Input name="days" {...WHOLE_INPUT} value={form.values.estimated_completion_days} onChange={form.set('estimated_completion_days')} />
      </Field>
      <Field label={t('bid.proposal')} required {...form.field('proposal')}>
        <Textarea name="proposal" value={form.values.proposal} onChange={form.set('proposal')} resize="vertical" rows={4} />
      </Field>
    </FormDialog>
  );
}
