import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationFailed } from '../../data/local/hooks';
import { riyadhToday } from './deadline';
import { useProjectMutations } from './mutations';

const useStyles = makeStyles({ form: { display: 'grid', gap: tokens.spacingVerticalM } });

const EMPTY = { title: '', description: '', location: '', budget: '', deadline_date: '', requirements: '' };

/** Post a project (title, description and location required). Works offline. */
export function ProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const { postProject } = useProjectMutations();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof EMPTY) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [key]: data.value }));

  const submit = async () => {
    const missing = Object.fromEntries((['title', 'description', 'location'] as const).filter((k) => !values[k].trim()).map((k) => [k, t('errors.required')]));
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      await postProject({
        title: values.title,
        description: values.description,
        location: values.location,
        budget: values.budget.trim() ? Number(values.budget) : null,
        deadline_date: values.deadline_date || null,
        requirements: values.requirements,
      });
      setValues(EMPTY);
      onClose();
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(Object.fromEntries(error.issues.map((i) => [i.path, t(i.path === 'budget' ? 'errors.amount' : 'errors.invalid')])));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface data-testid="project-dialog">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <DialogBody>
            <DialogTitle>{t('post.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('post.fieldTitle')} required validationMessage={errors.title}>
                <Input name="title" value={values.title} onChange={set('title')} />
              </Field>
              <Field label={t('post.description')} required validationMessage={errors.description}>
                <Textarea name="description" value={values.description} onChange={set('description')} rows={3} />
              </Field>
              <Field label={t('post.location')} required validationMessage={errors.location}>
                <Input name="location" value={values.location} onChange={set('location')} />
              </Field>
              <Field label={t('post.budget')} validationMessage={errors.budget}>
                <Input name="budget" type="number" inputMode="decimal" min={0} step={0.01} value={values.budget} onChange={set('budget')} />
              </Field>
              <Field label={t('post.deadline')} validationMessage={errors.deadline_date}>
                <Input name="deadline_date" type="date" min={riyadhToday()} value={values.deadline_date} onChange={set('deadline_date')} />
              </Field>
              <Field label={t('post.requirements')} validationMessage={errors.requirements}>
                <Textarea name="requirements" value={values.requirements} onChange={set('requirements')} rows={2} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" data-testid="project-submit">
                {t('post.submit')}
              </Button>
              <Button onClick={onClose}>{t('post.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
