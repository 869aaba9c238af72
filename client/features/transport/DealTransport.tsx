import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { VehicleTruckProfileRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import type { Project } from '../../../shared/schemas/project';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { useSession } from '../../data/session';
import { i18n } from '../../i18n';
import { PLAIN_TEXT } from '../../i18n/bidi';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { placeOf } from '../deliveries/deliveryView';
import { CreateRequestDialog, type Deal } from './CreateRequestDialog';
import { useRequestForDeal } from './queries';
import { dropoffContact, purchaseOrderPickup, type RequestValues } from './requestForm';

// Shown on the orders and projects screens, whose routes load their own namespaces: the
// transport texts load with this module, before the button first renders.
void i18n.loadNamespaces(['transport']);

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** "Request transport" for a deal, in one step (the form opens filled in), or the request already made for it. */
function DealTransport({ deal, initial }: { deal: Deal; initial: () => Partial<RequestValues> }) {
  const styles = useStyles();
  const { t } = useTranslation('transport');
  const { session } = useSession();
  const userId = session.status === 'signedIn' ? session.user.id : '';
  const existing = useRequestForDeal(userId, deal);
  const [open, setOpen] = useState(false);
  if (existing === undefined) return null;
  return (
    <div className={styles.row}>
      {existing ? (
        <span className={styles.muted} data-testid="deal-transport-status">
          {t('deal.requested', { status: t(`status.${existing.status}`) })}{' '}
          <RouterLink to={PATHS.transport} data-testid="deal-transport-link">
            {t('deal.see')}
          </RouterLink>
        </span>
      ) : (
        <Button icon={<VehicleTruckProfileRegular />} onClick={() => setOpen(true)} data-testid="request-transport">
          {t('new')}
        </Button>
      )}
      {open && <CreateRequestDialog deal={deal} initial={initial()} onClose={() => setOpen(false)} />}
    </div>
  );
}

/** The signed-in buyer as the person on site, whom the driver calls at drop-off unless they name another. */
function useSiteContact() {
  const { session } = useSession();
  return session.status === 'signedIn' ? dropoffContact(session.user.name, session.profile?.phone) : dropoffContact(null, null);
}

/** On a fulfilled instant order: from the accepted supplier's address to the order's place, the order's goods. */
export function OrderTransport({ order, offer }: { order: InstantOrder; offer: InstantOrderResponse }) {
  const { t } = useTranslation('transport');
  const format = useFormat();
  const site = useSiteContact();
  return (
    <DealTransport
      deal={{ instant_order_id: order.id }}
      initial={() => ({
        ...site,
        pickup_location: placeOf(offer.supplier_address, offer.supplier_city),
        pickup_contact_name: offer.supplier_name ?? '',
        delivery_location: order.location,
        cargo_description: t('deal.orderCargo', { title: order.title, quantity: format.number(order.quantity), unit: order.unit }),
      })}
    />
  );
}

/** On a project awarded to the contractor: from the contractor's own address to the site, the project's title. */
export function ProjectTransport({ project }: { project: Project }) {
  const { session } = useSession();
  const profile = session.status === 'signedIn' ? session.profile : null;
  return (
    <DealTransport
      deal={{ project_id: project.id }}
      initial={() => ({ pickup_location: placeOf(profile?.address, profile?.city), delivery_location: project.location, cargo_description: project.title })}
    />
  );
}

/**
 * On an accepted purchase order (its buyer's): from the seller's national address (else
 * its profile's place, else `fallbackPickup`) to the order's delivery place, the seller's
 * person at pickup and the buyer at drop-off, the order's lines. An order made from an
 * instant order moves as that order's deal, so a request made from either screen is the same one.
 */
export function PurchaseOrderTransport({ order, fallbackPickup }: { order: PurchaseOrder; fallbackPickup: string }) {
  const { t } = useTranslation('transport');
  const format = useFormat();
  const site = useSiteContact();
  return (
    <DealTransport
      deal={order.instant_order_id ? { instant_order_id: order.instant_order_id } : { purchase_order_id: order.id }}
      initial={() => ({
        ...purchaseOrderPickup(order, fallbackPickup),
        ...site,
        delivery_location: order.delivery_location,
        // Stored text, not shown in a sentence: no direction marks in it.
        cargo_description: t('deal.purchaseOrderCargo', {
          number: order.number,
          lines: format.list(order.lines.map((l) => t('deal.orderCargo', { title: l.description, quantity: format.number(l.quantity), unit: l.unit, ...PLAIN_TEXT }))),
          ...PLAIN_TEXT,
        }),
      })}
    />
  );
}
