import { Button, Spinner, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ErrorBox } from '../../ui/ErrorBox';
import { useRevealed } from '../../ui/useRevealed';
import { usePublicProducts, usePublicTransportRequests } from '../../data/api/catalogue';
import { useFormat } from '../../i18n/format';
import { ProductCard } from '../products/ProductCard';
import { TransportRequestCard } from './TransportRequestCard';

const useStyles = makeStyles({
  main: {
    maxInlineSize: '1100px',
    marginInline: 'auto',
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  top: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  list: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' },
  empty: { color: tokens.colorNeutralForeground2, textAlign: 'center', paddingBlock: tokens.spacingVerticalXXL },
  summary: { margin: 0, color: tokens.colorNeutralForeground2 },
});

type TabValue = 'products' | 'transport';

/** Cards rendered in the first commit: a phone's screen holds three or four. */
const FIRST_CARDS = 6;

// The join form (dialog, fields, messages) loads when first opened, not with the catalogue.
const QuickSignupDialog = lazy(() => import('./QuickSignupDialog').then((m) => ({ default: m.QuickSignupDialog })));

/** The public catalogue: products and open transport requests, and the join modal. */
export function ServicesScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['services', 'common']);
  const { t: tProducts } = useTranslation('products');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TabValue>(params.get('tab') === 'transport' ? 'transport' : 'products');
  const products = usePublicProducts(format.lng);
  const transport = usePublicTransportRequests();
  const joinOpen = params.get('join') === '1';
  // Once opened it stays mounted, so closing and reopening keeps what was typed.
  const [joinMounted, setJoinMounted] = useState(joinOpen);
  if (joinOpen && !joinMounted) setJoinMounted(true);

  const setJoinOpen = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set('join', '1');
    else next.delete('join');
    setParams(next, { replace: true });
  };

  const count = (page: { total: number; capped?: boolean } | undefined) =>
    page === undefined ? '' : ` (${format.number(page.total)}${page.capped ? '+' : ''})`;
  const current = tab === 'products' ? products : transport;
  const productsShown = useRevealed(products.data?.items.length ?? 0, FIRST_CARDS);

  return (
    <>
      <main className={styles.main}>
        <div className={styles.top}>
          <h1 className={styles.title}>{t('title')}</h1>
          <Button appearance="primary" onClick={() => setJoinOpen(true)} data-testid="join-button">
            {t('join.open')}
          </Button>
        </div>
        <p className={styles.intro}>{t('intro')}</p>
        <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TabValue)}>
          <Tab value="products" data-testid="tab-products">
            {t('tabs.products')}
            {count(products.data)}
          </Tab>
          <Tab value="transport" data-testid="tab-transport">
            {t('tabs.transport')}
            {count(transport.data)}
          </Tab>
        </TabList>
        <div role="tabpanel" aria-label={t(`tabs.${tab}`)}>
          {current.loading && !current.data && <Spinner label={t('common:status.loading')} />}
          {current.error && <ErrorBox message={current.error.message} onRetry={current.retry} />}
          {tab === 'products' && products.data && (
            <>
              <p className={styles.summary}>{t('productsShown', { count: products.data.items.length })}</p>
              {products.data.items.length === 0 ? (
                <p className={styles.empty}>{t('emptyProducts')}</p>
              ) : (
                <div className={styles.list} data-testid="product-list">
                  {products.data.items.slice(0, productsShown).map((product) => (
                    // The public API names the category in the interface language already (Accept-Language).
                    <ProductCard key={product.id} product={product} categoryName={product.category_name} t={tProducts} />
                  ))}
                </div>
              )}
            </>
          )}
          {tab === 'transport' && transport.data && (
            <>
              <p className={styles.summary}>{t('requestsShown', { count: transport.data.items.length })}</p>
              {transport.data.items.length === 0 ? (
                <p className={styles.empty}>{t('emptyTransport')}</p>
              ) : (
                <div className={styles.list} data-testid="transport-list">
                  {transport.data.items.map((request) => (
                    <TransportRequestCard key={request.id} request={request} />
                  ))}
                </div>
              )}
            </>
          )}
        </div>
      </main>
      {joinMounted && (
        <Suspense fallback={null}>
          <QuickSignupDialog open={joinOpen} onOpenChange={setJoinOpen} />
        </Suspense>
      )}
    </>
  );
}
