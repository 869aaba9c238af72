import { Field, Input, MessageBar, MessageBarBody, Select, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { vehiclePlateSchema, type Delivery } from '../../../shared/schemas/delivery';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { useCompanyDrivers } from '../../data/api/company';
import { FormDialog } from '../../ui/FormDialog';
import { useDeliveryMutations } from './mutations';

/**
 * The transport company gives a job to one of its drivers, with the vehicle's plate. The
 * drivers are read online (the company's members); the assignment itself goes through the
 * outbox. Offline, or before the company has a driver, the dialog says so.
 */
export function AssignDriverDialog({ request, current, onClose }: { request: TransportRequest; current?: Delivery; onClose: () => void }) {
  const { t } = useTranslation(['deliveries', 'transport', 'common']);
  const drivers = useCompanyDrivers();
  const { assign } = useDeliveryMutations();
  const [driverId, setDriverId] = useState(current?.driver_id ?? '');
  const [plate, setPlate] = useState(current?.vehicle_plate ?? '');
  const [errors, setErrors] = useState<{ driver?: string; plate?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const found: typeof errors = {};
    if (!driverId) found.driver = t('common:validation.required');
    const parsed = vehiclePlateSchema.safeParse(plate);
    if (!plate.trim()) found.plate = t('common:validation.required');
    else if (!parsed.success) found.plate = t('deliveries:plateInvalid');
    setErrors(found);
    if (found.driver || found.plate || !parsed.success) return;
    setBusy(true);
    try {
      await assign(request.id, driverId, parsed.data);
      onClose();
    } catch (error) {
      console.error('assignment not stored', error);
      setFailure(t('deliveries:notStored'));
    } finally {
      setBusy(false);
    }
  };

  const list = drivers.data;
  return (
    <FormDialog
      title={t('deliveries:assignTitle', { route: t('transport:card.route', { from: request.pickup_location, to: request.delivery_location }) })}
      submitLabel={t('deliveries:assign')}
      cancelLabel={t('transport:form.cancel')}
      busy={busy || !list?.length}
      onSubmit={submit}
      onClose={onClose}
      formTestId="assign-form"
      submitTestId="assign-submit"
      failure={failure}
    >
      {drivers.loading && !list && <Spinner size="tiny" label={t('common:status.loading')} />}
      {drivers.error && !list && (
        <MessageBar layout="multiline" intent="warning" data-testid="drivers-offline">
          <MessageBarBody>{t('deliveries:driversOffline')}</MessageBarBody>
        </MessageBar>
      )}
      {list && list.length === 0 && (
        <MessageBar layout="multiline" intent="info" data-testid="no-drivers">
          <MessageBarBody>{t('deliveries:noDrivers')}</MessageBarBody>
        </MessageBar>
      )}
      {list && list.length > 0 && (
        <Field label={t('deliveries:driver')} required validationMessage={errors.driver} validationState={errors.driver ? 'error' : 'none'}>
          <Select name="driver_id" value={driverId} onChange={(_, d) => setDriverId(d.value)} data-testid="assign-driver">
            <option value="">{t('deliveries:chooseDriver')}</option>
            {list.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.name ?? m.email}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={t('deliveries:plate')} required validationMessage={errors.plate} validationState={errors.plate ? 'error' : 'none'} hint={t('deliveries:plateHint')}>
        <Input name="vehicle_plate" value={plate} onChange={(_, d) => setPlate(d.value)} autoComplete="off" data-testid="assign-plate" />
      </Field>
    </FormDialog>
  );
}
