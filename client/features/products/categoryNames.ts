/**
 * Category names in the interface language. A synced product carries its category's
 * name as the server wrote it, in the language of the profile (Arabic unless the user
 * chose another), which is not always the language on screen; the device keeps every
 * category with its names in all three languages, so a card names it from there. The row's
 * own name stands in only for a category the device does not have yet.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguageCode } from '../../i18n/languages';
import { useCategories } from './queries';

export function useCategoryName(): (product: { category_id: string | null; category_name: string | null }) => string | null {
  const { i18n } = useTranslation();
  const language = toLanguageCode(i18n.resolvedLanguage);
  const categories = useCategories();
  const names = useMemo(() => new Map((categories ?? []).map((c) => [c.id, c[`name_${language}`]])), [categories, language]);
  return useCallback((product) => (product.category_id ? (names.get(product.category_id) ?? product.category_name) : null), [names]);
}
