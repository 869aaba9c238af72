import { Field, Input, Radio, RadioGroup, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { DECIMAL_INPUT } from '../../ui/formInput';
import { useProjectErrorText } from './BidDialog';
import { riyadhToday } from './deadline';
import { useProjectMutations } from './mutations';
import { PROJECT_FIELDS, emptyProject, validateProject } from './projectForm';

/** Post a project: title, description and location required; one envelope or two, and an optional bid bond. Works offline. */
export function ProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const { postProject } = useProjectMutations();
  const form = useOutboxForm({
    initial: emptyProject,
    fields: PROJECT_FIELDS,
    validate: validateProject,
    write: postProject,
    onDone: (reset) => {
      reset();
      onClose();
    },
    errorText: useProjectErrorText(),
  });
  return (
    <FormDialog
      open={open}
      title={t('post.title')}
      submitLabel={t('post.submit')}
      cancelLabel={t('post.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="project-dialog"
      submitTestId="project-submit"
      failure={form.failed ? t('post.failed') : null}
    >
      <Field label={t('post.fieldTitle')} required {...form.field('title')}>
        <Input name="title" value={form.values.title} onChange={form.set('title')} />
      </Field>
      <Field label={t('post.description')} required {...form.field('description')}>
        <Textarea name="description" value={form.values.description} onChange={form.set('description')} rows={3} />
      </Field>
      <Field label={t('post.location')} required {...form.field('location')}>
        <Input name="location" value={form.values.location} onChange={form.set('location')} />
      </Field>
      <Field label={t('post.budget')} {...form.field('budget')}>
        <Input name="budget" {...DECIMAL_INPUT} value={form.values.budget} onChange={form.set('budget')} />
      </Field>
      <Field label={t('post.deadline')} {...form.field('deadline_date')}>
        <Input name="deadline_date" type="date" min={riyadhToday()} value={form.values.deadline_date} onChange={form.set('deadline_date')} />
      </Field>
      <Field label={t('post.deadlineTime')} hint={t('post.deadlineTimeHint')} {...form.field('deadline_time')}>
        <Input name="deadline_time" type="time" step={60} value={form.values.deadline_time} onChange={form.set('deadline_time')} />
      </Field>
      <Field label={t('post.questionsUntil')} hint={t('post.questionsUntilHint')} {...form.field('questions_until')}>
        <Input name="questions_until" type="date" min={riyadhToday()} max={form.values.deadline_date || undefined} value={form.values.questions_until} onChange={form.set('questions_until')} />
      </Field>
      <Field label={t('post.requirements')} {...form.field('requirements')}>
        <Textarea name="requirements" value={form.values.requirements} onChange={form.set('requirements')} rows={2} />
      </Field>
      <Field label={t('post.envelopes')} hint={t('post.envelopesHint')} {...form.field('envelopes')}>
        <RadioGroup name="envelopes" value={form.values.envelopes} onChange={form.set('envelopes')} data-testid="project-envelopes">
          <Radio value="1" label={t('post.envelopesOne')} data-testid="envelopes-1" />
          <Radio value="2" label={t('post.envelopesTwo')} data-testid="envelopes-2" />
        </RadioGroup>
      </Field>
      <Field label={t('post.bidBond')} hint={t('post.bidBondHint')} {...form.field('bid_bond_percent')}>
        <Input name="bid_bond_percent" {...DECIMAL_INPUT} value={form.values.bid_bond_percent} onChange={form.set('bid_bond_percent')} />
      </Field>
    </FormDialog>
  );
}
