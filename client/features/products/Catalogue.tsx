/**
 * The catalogue for everyone but suppliers: search that works offline
 * over the local copy (Arabic-tolerant, ranked as on the server), a category filter, an
 * order (relevance, price, rating, nearest supplier; sorted as the server sorts), product
 * cards with contact, the supplier's reviews (a review needs a deal: features/reviews) and a compare toggle, the compare tray, and "show more".
 */
import { Button, Dropdown, Option, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ChatRegular, CheckmarkRegular, SearchRegular, StarRegular, TableSimpleRegular } from '@fluentui/react-icons';
import { memo, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../paths';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LocalProduct } from '../../data/db/schema';
import { toLanguageCode } from '../../i18n/languages';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { SearchField } from '../../ui/SearchField';
import { ContactDialog } from './ContactDialog';
import { useCategoryName } from './categoryNames';
import { ProductCard } from './ProductCard';
import { CATALOGUE_PAGE, sameRow, useCatalogue, useCategories } from './queries';
import { CATALOGUE_SORTS, type CatalogueSort } from '../../../shared/catalogue-sort';
import { findCity } from '../../../shared/saudi-cities';
import { CompareTray } from './CompareTray';
import { toggleCompare, useCompareSelection } from './useCompareSelection';
import { useRfqDraft } from '../rfqs/draft';

const useStyles = makeStyles({
  // One column as wide as the screen: the search box's own width must not widen it.
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))' },
  list: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))' },
  count: { color: tokens.colorNeutralForeground2 },
  more: { justifySelf: 'center' },
});

/** `city`: the reader's profile city, which the nearest-supplier order measures from. */
/** `canRequest`: a contractor, who may add products to the request for quotation being built. */
export function Catalogue({ ownId, city, canRequest = false }: { ownId: string; city: string | null; canRequest?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('products');
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [sort, setSort] = useState<CatalogueSort>('relevance');
  const [limit, setLimit] = useState(CATALOGUE_PAGE);
  // Not deferred: the results come from an asynchronous read anyway, so typing never waits
  // for them, and a deferred value only postponed the read by a render and a frame.
  const query = useMemo(() => ({ search, categoryId, limit, sort, near: city }), [search, categoryId, limit, sort, city]);
  const page = useCatalogue(query);
  const categoryName = useCategoryName();
  const [contact, setContact] = useState<LocalProduct | null>(null);
  const navigate = useNavigate();
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setLimit(CATALOGUE_PAGE);
  }, []);
  const onCategory = useCallback((id: string | null) => {
    setCategoryId(id);
    setLimit(CATALOGUE_PAGE);
  }, []);
  const onSort = useCallback((value: CatalogueSort) => {
    setSort(value);
    setLimit(CATALOGUE_PAGE);
  }, []);
  const openReviews = useCallback((p: LocalProduct) => navigate(`${PATHS.companyPage}/${p.supplier_id}?${new URLSearchParams({ name: p.supplier_name ?? '' })}`), [navigate]);
  const compared = useCompareSelection();
  // A refused fifth choice says why until the choice changes.
  const [full, setFull] = useState(false);
  const onCompare = useCallback((p: LocalProduct) => setFull(toggleCompare(p.id) === 'full'), []);
  const { draft, toggleProduct: onRequest } = useRfqDraft();
  const requested = useMemo(() => new Set(draft.lines.map((l) => l.product_id)), [draft]);
  const card = (p: LocalProduct) => (
    <CatalogueItem
      key={p.id}
      product={p}
      categoryName={categoryName(p)}
      ownProduct={p.supplier_id === ownId}
      compared={compared.includes(p.id)}
      onContact={setContact}
      onReviews={openReviews}
      onCompare={onCompare}
      onRequest={onRequest}
      requested={canRequest ? requested.has(p.id) : null}
      t={t}
    />
  );

  return (
    <div className={styles.root}>
      <div className={styles.filters} role="search">
        <CatalogueSearch value={search} onChange={onSearch} />
        <CategoryFilter categoryId={categoryId} onChange={onCategory} />
        <SortFilter sort={sort} city={city} onChange={onSort} />
      </div>
      <CompareTray ids={compared} full={full} onClear={() => setFull(false)} />
      {page === undefined ? (
        <ListSkeleton label={t('loading')} />
      ) : page.items.length === 0 ? (
        search.trim() || categoryId ? (
          <EmptyState icon={<SearchRegular />} title={t('empty.search.title')} body={t('empty.search.body')} testId="empty-search" />
        ) : (
          <EmptyState icon={<SearchRegular />} title={t('empty.catalogue.title')} body={t('empty.catalogue.body')} />
        )
      ) : (
        <>
          <Text className={styles.count} role="status" data-testid="result-count">
            {t('results.count', { count: page.total })}
          </Text>
          <div className={styles.list} data-testid="catalogue">
            {page.items.slice(0, FIRST_SCREEN).map(card)}
            {/* A new set of results starts its later cards from none (keyed by what it is). */}
            <LaterCards key={`${page.items[0]?.id}:${page.total}`} items={page.items.slice(FIRST_SCREEN)} card={card} />
          </div>
          {page.items.length < page.total && (
            <Button className={styles.more} onClick={() => setLimit((n) => n + CATALOGUE_PAGE)} data-testid="show-more">
              {t('actions.more')}
            </Button>
          )}
        </>
      )}
      <ContactDialog
        product={contact}
        onClose={() => setContact(null)}
      />
    </div>
  );
}

/**
 * The cards a phone shows before any scrolling: a keystroke's results render these in the
 * frame that answers it, and the page's later cards in the render after (a card costs a
 * slow phone about a millisecond to make, and the later ones are below the fold).
 */
const FIRST_SCREEN = 4;
const NO_CARDS: LocalProduct[] = [];

/** The cards after the first screen, rendered once the first screen is on it (a deferred render). */
function LaterCards({ items, card }: { items: LocalProduct[]; card: (p: LocalProduct) => ReactNode }) {
  return useDeferredValue(items, NO_CARDS).map(card);
}

/**
 * The search box and the category filter, memoised apart: a keystroke renders the box
 * again, not the filter and its options, and a page of results renders neither.
 */
const CatalogueSearch = memo(function CatalogueSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('products');
  return (
    <SearchField
      aria-label={t('search.label')}
      placeholder={t('search.placeholder')}
      value={value}
      onChange={(_, d) => onChange(d.value)}
      data-testid="product-search"
    />
  );
});

const CategoryFilter = memo(function CategoryFilter({ categoryId, onChange }: { categoryId: string | null; onChange: (id: string | null) => void }) {
  const { t, i18n } = useTranslation('products');
  const language = toLanguageCode(i18n.resolvedLanguage);
  const categories = useCategories() ?? [];
  const selected = categories.find((c) => c.id === categoryId);
  return (
    <Dropdown
      aria-label={t('category.label')}
      value={selected ? selected[`name_${language}`] : t('category.all')}
      selectedOptions={[categoryId ?? '']}
      onOptionSelect={(_, d) => onChange(d.optionValue || null)}
      data-testid="category-filter"
    >
      <Option value="">{t('category.all')}</Option>
      {categories.map((c) => (
        <Option key={c.id} value={c.id}>
          {c[`name_${language}`]}
        </Option>
      ))}
    </Dropdown>
  );
});

/**
 * The order. Nearest supplier needs the reader's city, and one the city table knows: else
 * the option stays, disabled, and says what is missing.
 */
const SortFilter = memo(function SortFilter({ sort, city, onChange }: { sort: CatalogueSort; city: string | null; onChange: (sort: CatalogueSort) => void }) {
  const { t } = useTranslation('products');
  const nearestBlocked = !city ? t('sort.nearestNoCity') : !findCity(city) ? t('sort.nearestUnknownCity', { city }) : null;
  const label = (s: CatalogueSort) => (s === 'nearest' && nearestBlocked ? `${t('sort.nearest')} (${nearestBlocked})` : t(`sort.${s}`));
  return (
    <Dropdown
      aria-label={t('sort.label')}
      value={t(`sort.${sort}`)}
      selectedOptions={[sort]}
      onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue as CatalogueSort)}
      data-testid="catalogue-sort"
    >
      {CATALOGUE_SORTS.map((s) => (
        <Option key={s} value={s} text={label(s)} disabled={s === 'nearest' && nearestBlocked !== null} data-testid={`sort-${s}`}>
          {label(s)}
        </Option>
      ))}
    </Dropdown>
  );
});

/** A catalogue card, memoised on the row's content (see MyProducts). */
const CatalogueItem = memo(
  function CatalogueItem({
    product: p,
    categoryName,
    ownProduct,
    compared,
    onContact,
    onReviews,
    onCompare,
    onRequest,
    requested,
    t,
  }: {
    product: LocalProduct;
    categoryName: string | null;
    /** the reader's own product: its supplier's reviews are the reader's own */
    ownProduct: boolean;
    compared: boolean;
    onContact: (p: LocalProduct) => void;
    onReviews: (p: LocalProduct) => void;
    onCompare: (p: LocalProduct) => void;
    onRequest: (p: LocalProduct) => void;
    /** Whether the product is in the request for quotation being built; null: the reader builds none. */
    requested: boolean | null;
    /** The list's, not a hook per card (see ProductCard). */
    t: TFunction<'products'>;
  }) {
    return (
      <ProductCard
        product={p}
        categoryName={categoryName}
        t={t}
        actions={
          <>
            <Button icon={<ChatRegular />} onClick={() => onContact(p)} data-testid="contact-supplier">
              {t('actions.contact')}
            </Button>
            {!ownProduct && (
              <Button icon={<StarRegular />} onClick={() => onReviews(p)} data-testid="supplier-reviews">
                {t('actions.reviews')}
              </Button>
            )}
            <ToggleButton
              icon={compared ? <CheckmarkRegular /> : <TableSimpleRegular />}
              checked={compared}
              onClick={() => onCompare(p)}
              aria-label={t('compare.toggle', { name: p.name })}
              data-testid="compare-toggle"
            >
              {t('compare.action')}
            </ToggleButton>
            {requested !== null && (
              <ToggleButton
                icon={requested ? <CheckmarkRegular /> : <AddRegular />}
                checked={requested}
                onClick={() => onRequest(p)}
                aria-label={t('actions.requestToggle', { name: p.name })}
                data-testid="request-toggle"
              >
                {t('actions.request')}
              </ToggleButton>
            )}
          </>
        }
      />
    );
  },
  (a, b) =>
    a.ownProduct === b.ownProduct &&
    a.compared === b.compared &&
    a.requested === b.requested &&
    a.categoryName === b.categoryName &&
    a.onContact === b.onContact &&
    a.onReviews === b.onReviews &&
    a.onCompare === b.onCompare &&
    a.onRequest === b.onRequest &&
    a.t === b.t &&
    sameRow(a.product, b.product),
);
