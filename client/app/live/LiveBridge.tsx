/**
 * The signed-in page's side of push: it tells the server which item the device shows
 * (the server sends no push about it) as the route or the page's visibility changes,
 * keeps the server's copy of this device's subscription current, and offers push once,
 * after the user's first bid, order or transport request on this device (the moment they
 * start waiting for answers), never on load.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useOutbox } from '../../data/local/hooks';
import { ITEM_PARAM } from '../../../shared/push';
import { ASK_AFTER, enablePush, markPushOffered, refreshPushSubscription, reportForeground, shouldOfferPush } from '../../data/live/push';

export function LiveBridge({ userId }: { userId: string }) {
  const { t } = useTranslation('live');
  const location = useLocation();
  const path = location.pathname + location.search;
  const [offer, setOffer] = useState(false);
  const outbox = useOutbox();
  const seen = useRef<number | null>(null);

  useEffect(() => {
    void refreshPushSubscription();
  }, [userId]);

  // A link to one item (a notification's click, /projects?item=<id>): its card is
  // scrolled to and focused as soon as the screen renders it.
  const item = new URLSearchParams(location.search).get(ITEM_PARAM);
  useEffect(() => (item ? revealItem(item) : undefined), [item, location.pathname]);

  useEffect(() => {
    const report = () => void reportForeground(document.visibilityState === 'visible' ? path : null);
    report();
    document.addEventListener('visibilitychange', report);
    // While visible, the report is renewed: the server forgets one older than two minutes.
    const renew = window.setInterval(() => document.visibilityState === 'visible' && report(), 60_000);
    return () => {
      document.removeEventListener('visibilitychange', report);
      window.clearInterval(renew);
    };
  }, [path]);

  useEffect(() => {
    const newest = outbox.reduce((max, row) => Math.max(max, row.id), 0);
    // What waited in the outbox when the page opened is not a new write.
    if (seen.current === null) {
      seen.current = newest;
      return;
    }
    const fresh = outbox.filter((row) => row.id > seen.current! && ASK_AFTER.has(row.name));
    seen.current = Math.max(seen.current, newest);
    if (fresh.length && shouldOfferPush(userId)) setOffer(true);
  }, [outbox, userId]);

  if (!offer) return null;
  const answer = (enable: boolean) => {
    markPushOffered(userId);
    setOffer(false);
    if (enable) void enablePush().catch(() => undefined);
  };
  return (
    <MessageBar layout="multiline" intent="info" data-testid="push-offer">
      <MessageBarBody>
        <MessageBarTitle>{t('offer.title')}</MessageBarTitle>
        {t('offer.body')}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={() => answer(true)}>
          {t('offer.enable')}
        </Button>
        <Button onClick={() => answer(false)}>{t('offer.later')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** The cards name their object in data-id (ItemCard) or data-project-id (ProjectCard). */
const cardOf = (id: string) => (/^[0-9a-f-]{36}$/i.test(id) ? document.querySelector<HTMLElement>(`[data-id="${id}"], [data-project-id="${id}"]`) : null);

function revealItem(id: string): () => void {
  const reveal = () => {
    const card = cardOf(id);
    if (!card) return false;
    if (!card.hasAttribute('tabindex')) card.setAttribute('tabindex', '-1');
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
    card.setAttribute('data-opened', 'true');
    return true;
  };
  if (reveal()) return () => {};
  const observer = new MutationObserver(() => reveal() && stop());
  const timer = window.setTimeout(() => stop(), 10_000);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
