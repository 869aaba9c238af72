import { Field, Radio, RadioGroup, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX } from '../../../shared/schemas/common';
import { PROBLEM_KINDS, type Delivery, type ProblemKind } from '../../../shared/schemas/delivery';
import { FormDialog } from '../../ui/FormDialog';
import { useDeliveryMutations } from './mutations';
import { PhotoPicker } from './PhotoPicker';

/** The requester reports a problem with a delivery: short, damaged or late, a note and photos. Through the outbox. */
export function ProblemDialog({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  const { t } = useTranslation(['deliveries', 'transport', 'common']);
  const { problem } = useDeliveryMutations();
  const [kind, setKind] = useState<ProblemKind | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    if (!kind) return setError(t('common:validation.required'));
    setBusy(true);
    try {
      const { refused } = await problem(delivery.id, { kind, note, photos });
      if (refused.length) console.warn('problem photos left out', refused);
      onClose();
    } catch (e) {
      console.error('problem not stored', e);
      setFailure(t('deliveries:notStored'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('deliveries:problemTitle')}
      submitLabel={t('deliveries:sendProblem')}
      cancelLabel={t('transport:form.cancel')}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      formTestId="problem-form"
      submitTestId="problem-submit"
      failure={failure}
    >
      <Field label={t('deliveries:problemKind')} required validationMessage={error} validationState={error ? 'error' : 'none'}>
        <RadioGroup value={kind} onChange={(_, d) => (setKind(d.value as ProblemKind), setError(undefined))}>
          {PROBLEM_KINDS.map((k) => (
            <Radio key={k} value={k} label={t(`deliveries:problemKinds.${k}`)} data-testid={`problem-${k}`} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t('deliveries:note')}>
        <Textarea name="note" value={note} onChange={(_, d) => setNote(d.value)} resize="vertical" maxLength={MAX.text} />
      </Field>
      <PhotoPicker label={t('deliveries:photos')} files={photos} onChange={setPhotos} testId="problem-photos-input" />
    </FormDialog>
  );
}
