/**
 * The company's e-invoicing unit: its status and onboarding with ZATCA. Online-only REST
 * (shared/schemas/einvoicing.ts): onboarding talks to ZATCA and the signing keys stay on
 * the server, so the screen says it needs the network instead of queueing it.
 */
import { einvoicingStatusSchema, type EinvoicingStatusView, type OnboardInput } from '../../../shared/schemas/einvoicing';
import { api } from './client';
import { useRemote } from '../useRemote';

export type { EinvoicingStatusView };

const BASE = '/api/e-invoicing';

/** The unit's status (owner and members); null without asking when not enabled. A change of `reload` or `version` fetches again. */
export function useEinvoicingStatus(enabled: boolean, reload: number, version: string | null) {
  return useRemote<EinvoicingStatusView | null>(async () => (enabled ? einvoicingStatusSchema.parse((await api.get<unknown>(`${BASE}/status`)).data) : null), [enabled, reload, version]);
}

export async function onboardEinvoicing(input: OnboardInput): Promise<EinvoicingStatusView> {
  return einvoicingStatusSchema.parse((await api.post<unknown>(`${BASE}/onboard`, input)).data);
}
