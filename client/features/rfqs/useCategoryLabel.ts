import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguageCode } from '../../i18n/languages';
import { useCategories } from '../products/queries';

/** A category's name in the interface language, by id ('' for none or one the device does not have). */
export function useCategoryLabel(): (id: string | null) => string {
  const { i18n } = useTranslation();
  const language = toLanguageCode(i18n.resolvedLanguage);
  const categories = useCategories();
  const names = useMemo(() => new Map((categories ?? []).map((c) => [c.id, c[`name_${language}`]])), [categories, language]);
  return useCallback((id) => (id ? (names.get(id) ?? '') : ''), [names]);
}
