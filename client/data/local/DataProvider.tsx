/**
 * The signed-in user's local store and sync engine, for the screens below it (the
 * signed-in layout). Opens `binaa-<userId>`, starts the engine with the browser's
 * triggers, asks for persistent storage, tells the session about a 401 and resumes the
 * engine once the same user has signed in again. Loaded with the signed-in screens only,
 * so Dexie never reaches the landing page.
 */
import { liveQuery } from 'dexie';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguageCode } from '../../i18n/languages';
import { BinaaDb } from '../db/database';
import type { EffectContext } from '../db/schema';
import { SyncEngine } from '../sync/engine';
import { PhotoUploader } from '../photos/uploader';
import { QueueStore } from './queueStore';
import { createHttpTransport } from '../sync/transport';
import { attachBrowserTriggers } from '../sync/triggers';
import { attachLiveSync } from '../live/stream';
import { useSession } from '../session';
import { accountIdOf } from '../../../shared/schemas/user';
import { partyName } from '../../../shared/party-name';

export interface LocalData {
  db: BinaaDb;
  engine: SyncEngine;
  /** Sends the photos waiting in the local store (data/photos/uploader.ts). */
  uploader: PhotoUploader;
  /** Who is writing, for the optimistic rows of a local write. */
  context: () => EffectContext;
  /** A newer tab upgraded the database: this one must reload. */
  needsReload: boolean;
}

const DataContext = createContext<LocalData | null>(null);

/**
 * The outbox and the refused actions, each read by ONE live query for the whole page
 * (queueStore.ts), which rows subscribe to by what they show.
 */
const QueueContext = createContext<QueueStore>(new QueueStore());

function QueueProvider({ db, children }: { db: BinaaDb; children: ReactNode }) {
  // oxlint-disable-next-line react/exhaustive-deps -- one store per database: a new db starts from an empty store
  const store = useMemo(() => new QueueStore(), [db]);
  useEffect(() => {
    const error = (e: unknown) => console.warn('outbox read failed', e);
    const outbox = liveQuery(() => db.outbox.orderBy('id').toArray()).subscribe({ next: (rows) => store.setOutbox(rows), error });
    const rejections = liveQuery(() => db.rejections.orderBy('id').reverse().toArray()).subscribe({ next: (rows) => store.setRejections(rows), error });
    return () => {
      outbox.unsubscribe();
      rejections.unsubscribe();
    };
  }, [db, store]);
  return <QueueContext.Provider value={store}>{children}</QueueContext.Provider>;
}

export function useQueueStore(): QueueStore {
  return useContext(QueueContext);
}

async function askForPersistentStorage() {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    /* the browser decides; nothing else to do */
  }
}

export function DataProvider({ children }: { children: ReactNode }) {
  const { session, markExpired } = useSession();
  const { i18n } = useTranslation();
  if (session.status !== 'signedIn') throw new Error('DataProvider needs a signed-in user');
  const userId = session.user.id;
  const accountId = accountIdOf(session.user);
  const personName = session.user.name;
  const [needsReload, setNeedsReload] = useState(false);

  const { db, engine, uploader } = useMemo(() => {
    const db = new BinaaDb(userId);
    db.accountId = accountId;
    const engine = new SyncEngine({ db, transport: createHttpTransport() });
    // A sent photo shows once a pull brings its product: ask for one at once.
    return { db, engine, uploader: new PhotoUploader(db, { onSent: () => engine.schedule(0) }) };
  }, [userId, accountId]);

  useEffect(() => {
    // Closed for good, below: a live query must not reopen a database that is being
    // deleted (sign-out) or upgraded by a newer tab, or it would block that forever.
    if (!db.isOpen()) void db.open().catch(() => undefined);
    const onVersionChange = (event: IDBVersionChangeEvent) => {
      db.close({ disableAutoOpen: true });
      // A deletion (sign-out in another tab) needs no banner: that tab's sign-out reaches this one too.
      if (event.newVersion !== null) setNeedsReload(true);
      return false;
    };
    db.on('versionchange', onVersionChange);
    void engine.start();
    const detachTriggers = attachBrowserTriggers(engine, userId);
    // After each commit that concerns this user, the server says so: pull at once.
    const detachLive = attachLiveSync(engine);
    const detach = () => {
      detachLive();
      detachTriggers();
    };
    void askForPersistentStorage();
    uploader.start();
    // After each sync: a product created offline may now be on the server (its photos can
    // go), and a pull may have brought photos that were sent (their local copies can go).
    const stopWatching = engine.subscribe((state) => {
      if (state.phase !== 'idle') return;
      void uploader.settle().catch(() => undefined);
      uploader.kick();
    });
    return () => {
      stopWatching();
      uploader.stop();
      detach();
      engine.stop();
      db.on('versionchange').unsubscribe(onVersionChange);
      db.close({ disableAutoOpen: true });
    };
  }, [db, engine, uploader, userId]);

  useEffect(() => engine.subscribe((state) => state.phase === 'unauthorized' && markExpired()), [engine, markExpired]);

  const expired = session.expired;
  useEffect(() => {
    if (!expired && engine.getState().phase === 'unauthorized') engine.resume();
  }, [expired, engine]);

  const profile = session.profile;
  const value = useMemo<LocalData>(
    () => ({
      db,
      engine,
      uploader,
      needsReload,
      context: () => ({
        user_id: accountId,
        // The name the server gives this account's rows (an owner without a company name goes by their own).
        company_name: partyName({ company_name: profile?.company_name, name: accountId === userId ? personName : null }),
        person_name: personName,
        person_id: userId,
        verification_tier: profile?.verification_tier ?? 'unverified',
        language: toLanguageCode(i18n.resolvedLanguage),
        now: new Date().toISOString(),
      }),
    }),
    [db, engine, uploader, needsReload, accountId, personName, profile, userId, i18n.resolvedLanguage],
  );
  return (
    <DataContext.Provider value={value}>
      <QueueProvider db={db}>{children}</QueueProvider>
    </DataContext.Provider>
  );
}

export function useLocalData(): LocalData {
  const value = useContext(DataContext);
  if (!value) throw new Error('useLocalData outside DataProvider');
  return value;
}
