/**
 * A company's public page of reviews: /companies/{id}?name=… The reviews from completed
 * deals, published (double-blind: both sides reviewed, or the blind days passed), with
 * their average and count; below them, apart and counted nowhere, the reviews written
 * before reviews needed a deal ("before verified reviews"). Above them, the company's
 * scorecard from its deals, both windows (data/api/scorecards), and whether an admin has
 * suspended it (never why: that is the company's own). Read online (data/api/reviews).
 */
import { Body1, Caption1, Card, MessageBar, MessageBarBody, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { StarRegular } from '@fluentui/react-icons';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCompanyReviews, type Review } from '../../data/api/reviews';
import { useCompanyScorecards } from '../../data/api/scorecards';
import { useCompanyStanding } from '../../data/api/company';
import { ScorecardFigures } from '../../ui/ScorecardFigures';
import { useFormat } from '../../i18n/format';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { Rating } from '../../ui/Rating';
import { RATING_MAX } from '../../../shared/constants';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, gridTemplateColumns: 'minmax(0, 1fr)' },
  list: { display: 'grid', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyle: 'none' },
  card: { display: 'grid', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  stars: { color: tokens.colorPaletteMarigoldForeground1, letterSpacing: '2px' },
  scorecard: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' },
});

/** The average of the deal reviews shown, two decimals (the server's own average counts the same reviews). */
const averageOf = (reviews: Review[]) => (reviews.length ? Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 100) / 100 : 0);

export function CompanyReviewsScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['reviews', 'common']);
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const reviews = useCompanyReviews(id);
  const scorecards = useCompanyScorecards(id || null);
  const standing = useCompanyStanding(id);
  const verified = reviews.data?.items.filter((r) => !r.legacy) ?? [];
  const legacy = reviews.data?.items.filter((r) => r.legacy) ?? [];

  return (
    <div className={styles.root} data-testid="company-reviews">
      <Title2 as="h1">{t('page.title', { name: params.get('name') ?? t('page.company') })}</Title2>
      {standing.data?.suspended && (
        <MessageBar intent="warning" layout="multiline" data-testid="company-suspended">
          <MessageBarBody>{t('common:suspension.publicNote')}</MessageBarBody>
        </MessageBar>
      )}
      {scorecards.data && (
        <Card className={styles.scorecard} data-testid="company-scorecard">
          <ScorecardFigures card={scorecards.data['12m']} window="12m" testId="company-scorecard-12m" />
          <ScorecardFigures card={scorecards.data.all} window="all" testId="company-scorecard-all" />
        </Card>
      )}
      {reviews.data === undefined ? (
        reviews.error ? (
          <EmptyState title={t('page.offline')} testId="reviews-unavailable" />
        ) : (
          <ListSkeleton label={t('page.loading')} />
        )
      ) : (
        <>
          <Rating average={averageOf(verified)} count={verified.length} testId="company-rating" />
          <section aria-labelledby="verified-reviews">
            <Text as="h2" weight="semibold" id="verified-reviews">
              {t('page.verified')}
            </Text>
            {verified.length ? <ReviewList reviews={verified} /> : <EmptyState icon={<StarRegular />} title={t('page.none')} testId="no-verified-reviews" />}
          </section>
          {legacy.length > 0 && (
            <section aria-labelledby="legacy-reviews" data-testid="legacy-reviews">
              <Text as="h2" weight="semibold" id="legacy-reviews">
                {t('page.legacy')}
              </Text>
              <Caption1 as="p" className={styles.muted}>
                {t('page.legacyHint')}
              </Caption1>
              <ReviewList reviews={legacy} />
            </section>
          )}
        </>
      )}
    </div>
  );
}

function ReviewList({ reviews }: { reviews: Review[] }) {
  const styles = useStyles();
  const { t } = useTranslation('reviews');
  const format = useFormat();
  return (
    <ul className={styles.list}>
      {reviews.map((r) => (
        <li key={r.id}>
          <Card className={styles.card} data-testid="review-card" data-legacy={r.legacy}>
            <Text className={styles.stars} role="img" aria-label={t('stars', { count: r.rating, formatted: format.number(r.rating) })}>
              {'★'.repeat(r.rating) + '☆'.repeat(RATING_MAX - r.rating)}
            </Text>
            <Text weight="semibold">
              <bdi>{r.reviewer_name ?? t('page.someone')}</bdi>
            </Text>
            {r.product_name && <Caption1>{t('page.about', { product: r.product_name })}</Caption1>}
            {r.comment && <Body1>{r.comment}</Body1>}
            <Caption1 className={styles.muted}>{format.date(r.published_at ?? r.created_at)}</Caption1>
          </Card>
        </li>
      ))}
    </ul>
  );
}
