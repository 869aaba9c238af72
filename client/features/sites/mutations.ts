/**
 * The site writes, through the outbox (offline too): a new site with its budget lines, its
 * id and its lines' ids chosen here so a site sent twice lands once; and the owner's
 * approval rules. The server checks who may (the owner) and whom they name (members).
 */
import { useMemo } from 'react';
import type { SiteApprovalRulesInput } from '../../../shared/schemas/site';
import { useMutate } from '../../data/local/hooks';
import type { SiteInput } from './siteForm';

export function useSiteMutations() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      /** Resolves to the new site's id once it is stored on the device. */
      create: async (input: SiteInput) => {
        const id = crypto.randomUUID();
        await mutate('site.create', { id, ...input });
        return id;
      },
      setRules: (id: string, rules: SiteApprovalRulesInput) => mutate('site.set_approval_rules', { id, ...rules }),
    }),
    [mutate],
  );
}
