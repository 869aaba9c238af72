/** Saving the tax profile through the outbox, as the company's other profile details are: shown at once, sent when online, refused visibly. */
import { useCallback } from 'react';
import type { TaxProfileInput } from '../../../shared/schemas/tax-profile';
import { useMutate } from '../../data/local/hooks';

export function useSaveTaxProfile() {
  const mutate = useMutate();
  return useCallback(async (input: TaxProfileInput) => {
    await mutate('tax_profile.save', input);
  }, [mutate]);
}
