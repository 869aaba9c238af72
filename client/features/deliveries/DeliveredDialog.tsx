import { Field, Input, Textarea } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX } from '../../../shared/schemas/common';
import type { Delivery } from '../../../shared/schemas/delivery';
import { FormDialog } from '../../ui/FormDialog';
import { currentPosition } from './deliveryView';
import { useDeliveryMutations } from './mutations';
import { PhotoPicker } from './PhotoPicker';
import { SignatureField, type SignatureHandle } from './SignatureField';

/**
 * "Delivered": who received the cargo, their signature on the screen (required), photos
 * from the camera and a note. Saving stores the step, its proof and the files in one
 * local write (offline too); the files go to the server after the step.
 */
export function DeliveredDialog({ delivery, shareLocation, onClose }: { delivery: Delivery; shareLocation: boolean; onClose: () => void }) {
  const { t } = useTranslation(['deliveries', 'transport', 'common']);
  const { deliver } = useDeliveryMutations();
  const signature = useRef<SignatureHandle>(null);
  const [recipient, setRecipient] = useState('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ recipient?: string; signature?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    if (busy) return;
    // The moment of delivery is the tap, not the end of the GPS fix or the downscaling.
    const at = new Date().toISOString();
    const found: typeof errors = {};
    if (!recipient.trim()) found.recipient = t('common:validation.required');
    else if (recipient.trim().length > MAX.name) found.recipient = t('common:validation.invalid');
    if (signature.current?.isEmpty() ?? true) found.signature = t('deliveries:signatureRequired');
    setErrors(found);
    if (found.recipient || found.signature) return;
    setBusy(true);
    setFailure(null);
    try {
      const png = await signature.current!.toPng();
      if (!png) return setErrors({ signature: t('deliveries:signatureRequired') });
      const location = shareLocation ? await currentPosition() : null;
      const { refused } = await deliver(delivery.id, { recipient_name: recipient.trim(), signature: png, photos, note }, at, location);
      // A photo still too large after downscaling (one the browser could not decode) is left out; the step and the rest are kept.
      if (refused.length) console.warn('delivery photos left out', refused);
      (document.activeElement as HTMLElement | null)?.blur();
      onClose();
    } catch (error) {
      console.error('delivery not stored', error);
      setFailure(t('deliveries:notStored'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('deliveries:deliveredTitle', { place: delivery.delivery_location })}
      submitLabel={t('deliveries:saveDelivered')}
      cancelLabel={t('transport:form.cancel')}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      formTestId="delivered-form"
      submitTestId="delivered-submit"
      failure={failure}
    >
      <Field
        label={t('deliveries:recipient')}
        required
        validationMessage={errors.recipient}
        validationState={errors.recipient ? 'error' : 'none'}
      >
        <Input name="recipient_name" value={recipient} onChange={(_, d) => setRecipient(d.value)} autoComplete="off" />
      </Field>
      <SignatureField ref={signature} error={errors.signature} onDrawn={() => errors.signature && setErrors((e) => ({ ...e, signature: undefined }))} />
      <PhotoPicker label={t('deliveries:photos')} files={photos} onChange={setPhotos} testId="proof-photos-input" />
      <Field label={t('deliveries:note')}>
        <Textarea name="note" value={note} onChange={(_, d) => setNote(d.value)} resize="vertical" maxLength={MAX.text} />
      </Field>
    </FormDialog>
  );
}
