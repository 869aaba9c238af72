import { useTranslation } from 'react-i18next';

/** /quotes: the requests for quotation addressed to a supplier, and their quote on each. */
export function QuotesScreen() {
  const { t } = useTranslation('quotes');
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{t('title')}</h1>
    </section>
  );
}
