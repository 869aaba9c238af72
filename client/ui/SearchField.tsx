/**
 * The app's search box: Fluent's SearchBox with its clear button named in the
 * interface language. Fluent names that button "clear" in English whatever the page's
 * language, so a screen reader on an Arabic or Chinese screen read an English word and a
 * pointer's tooltip said nothing; every search field goes through here instead.
 */
import { SearchBox, type SearchBoxProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export function SearchField(props: SearchBoxProps) {
  const { t } = useTranslation('common');
  const label = t('actions.clearSearch');
  return <SearchBox {...props} dismiss={{ 'aria-label': label, title: label }} />;
}
