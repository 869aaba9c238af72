/**
 * The tus 1.0.0 endpoint at /api/uploads (@tus/server): creation (with upload), HEAD for
 * the offset to resume from, PATCH, termination and expiration. Unfinished uploads live in
 * DATA_DIR/uploads (@tus/file-store) or in the S3 bucket (@tus/s3-store) until they finish
 * or expire (a day after creation; deleted by the hourly upkeep), so a phone that loses its signal, or a
 * server restart, loses nothing: HEAD answers the bytes already stored and the client
 * sends the rest.
 *
 * Who: a signed-in supplier (the session cookie; writes pass the Origin check like any
 * other), and only for their own uploads: the creator's id is kept in the upload's
 * metadata and every later request for it from anyone else is 404.
 *
 * A file of a deal (kind=delivery_file, deliveries/files.ts: a driver's signature or proof,
 * a requester's photo of a problem) goes through the same checks and derivation, is stored
 * privately and counts against no plan.
 *
 * What: Upload-Metadata `kind` (product_photo), `product_id`, `photo_id` (the client's id
 * for the photo: a retried or resumed upload makes one photo), `filename` and `filetype`
 * (informational only). Creation is refused early (no bytes taken) when the product is not
 * the caller's, has no room or the caller's storage is full. When the last byte arrives the
 * bytes are checked and turned into the photo's files (image.ts), the photo is added
 * (service.ts), and the upload is deleted, photo made or not: the answer is 200 with the photo
 * as JSON, or the refusal's status with `{error, code}`, and nothing of a refused upload stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';
import type { Upload } from '@tus/utils';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { AppError, internalError, unauthenticated, uploadTooLarge, validationFailed, type ErrorBody } from '../../../shared/errors';
import { MAX_UPLOAD_BYTES, UPLOADS_PATH, uploadMetadataSchema, type UploadMetadata } from '../../../shared/schemas/photo';
import { deliveryUploadMetadataSchema, type DeliveryUploadMetadata } from '../../../shared/schemas/delivery';
import { addDeliveryFile, assertDeliveryUploadAllowed } from '../deliveries/files';
import type { SessionUser } from '../../auth/session-user';
import type { AppDeps } from '../../http/context';
import { objectStore } from '../../storage';
import { s3ClientConfig } from '../../storage/s3';
import { processPhoto } from './image';
import { addPhoto, assertUploadAllowed } from './service';

/** An unfinished upload is kept this long after its creation. */
export const UPLOAD_EXPIRY_MS = 24 * 3600_000;

export type UploadDatastore = FileStore | S3Store;

/**
 * The datastore of unfinished uploads for this configuration. The endpoint's own has no
 * expiration: with one, the creation-with-upload handler reads the upload again after the
 * finish hook, which deletes it. The hourly upkeep uses one with expiration
 * (`{expiring: true}`) to delete what was left unfinished for a day.
 */
export function uploadDatastore(config: AppDeps['config'], opts: { expiring?: boolean } = {}): UploadDatastore {
  const expirationPeriodInMilliseconds = opts.expiring ? UPLOAD_EXPIRY_MS : 0;
  if (config.s3) {
    return new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds,
      s3ClientConfig: { ...s3ClientConfig(config.s3), bucket: config.s3.bucket },
    });
  }
  // Made here, before any use: the store's own creation of it is asynchronous, and a first
  // listing (the upkeep at boot) would otherwise fail on a fresh DATA_DIR.
  const directory = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(directory, { recursive: true });
  return new FileStore({ directory, expirationPeriodInMilliseconds });
}

/** A tus refusal: the status and our error body. */
const tusError = (err: AppError) => ({
  status_code: err.status,
  body: JSON.stringify({ error: err.message, code: err.code } satisfies ErrorBody),
});

const OWNER = 'owner';

export interface Uploads {
  middleware: (ctx: Context, next: Next) => Promise<void>;
  server: Server;
  /** deletes expired unfinished uploads; answers how many */
  cleanUp(): Promise<number>;
}

export function uploads(deps: AppDeps): Uploads {
  const { knex, config, logger } = deps;
  const store = objectStore(config);
  const datastore = uploadDatastore(config);
  // The session user of each request, for the hooks (which see the request, not Koa's context).
  const users = new WeakMap<IncomingMessage, SessionUser>();
  const userOf = (req: { runtime?: { node?: { req: unknown } } }): SessionUser => {
    const user = req.runtime?.node && users.get(req.runtime.node.req as IncomingMessage);
    if (!user) throw tusError(unauthenticated());
    return user;
  };
  const metadataOf = (upload: Upload): UploadMetadata | DeliveryUploadMetadata => {
    const meta = upload.metadata ?? {};
    if (meta.kind === 'delivery_file') {
      const parsed = deliveryUploadMetadataSchema.safeParse(meta);
      if (!parsed.success) throw tusError(validationFailed('Upload-Metadata of a delivery file needs delivery_id, photo_id and purpose'));
      return parsed.data;
    }
    const parsed = uploadMetadataSchema.safeParse(meta);
    if (!parsed.success) throw tusError(validationFailed('Upload-Metadata needs kind=product_photo, product_id and photo_id'));
    return parsed.data;
  };
  const discard = async (id: string) => {
    await datastore.remove(id).catch((err) => logger.debug({ err, upload: id }, 'the upload store could not remove an upload'));
    // On S3 the store leaves a completed upload's object behind (it aborts the multipart
    // upload, which S3 no longer has once it is complete): its objects are deleted here.
    if (config.s3) await store.delete([id, `${id}.info`, `${id}.part`]).catch((err) => logger.warn({ err, upload: id }, 'could not remove an upload'));
  };

  const server = new Server({
    path: UPLOADS_PATH,
    datastore,
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: config.trustProxyHops > 0,
    allowedOrigins: [new URL(config.publicUrl).origin],
    allowedCredentials: true,
    async onUploadCreate(req, upload) {
      const user = userOf(req);
      const meta = metadataOf(upload);
      if (upload.size === undefined) throw tusError(validationFailed('Upload-Length is required'));
      try {
        if (meta.kind === 'delivery_file') await assertDeliveryUploadAllowed(knex, user, meta);
        else await assertUploadAllowed(knex, user, meta.product_id, meta.photo_id);
      } catch (err) {
        if (err instanceof AppError) throw tusError(err);
        throw err;
      }
      return { metadata: { ...upload.metadata, [OWNER]: user.account_id } };
    },
    async onUploadFinish(req, upload) {
      const user = userOf(req);
      try {
        const meta = metadataOf(upload);
        const bytes = await readAll(datastore, upload.id);
        const photo = await processPhoto(bytes);
        const result: unknown = await knex.transaction((trx): Promise<unknown> =>
          meta.kind === 'delivery_file' ? addDeliveryFile(trx, store, user, meta, photo) : addPhoto(trx, store, user, meta.product_id, meta.photo_id, photo),
        );
        await discard(upload.id); // the photo has its files now
        // A finishing PATCH answers 200 with the photo (tus clients take any 2xx); a creation keeps its 201.
        return { ...(req.method === 'PATCH' ? { status_code: 200 } : {}), headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(result) };
      } catch (err) {
        // Nothing of a refused upload is kept.
        await discard(upload.id);
        if (err instanceof AppError) throw tusError(err);
        if (err && typeof err === 'object' && 'status_code' in err) throw err;
        logger.error({ err, upload: upload.id }, 'an upload could not be finished');
        throw tusError(internalError());
      }
    },
    onResponseError(_req, err) {
      // tus's own refusals (size, offsets, missing upload) in our error body.
      if (err instanceof Error && !('status_code' in err)) {
        logger.error({ err }, 'upload failed');
        return tusError(internalError());
      }
      const e = err as { status_code: number; body: string };
      if (e.body.startsWith('{')) return undefined;
      if (e.status_code === 413) return tusError(uploadTooLarge(`An upload may have at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`));
      const code = e.status_code === 404 ? 'not_found' : e.status_code === 409 ? 'conflict' : e.status_code === 403 ? 'forbidden' : 'validation_failed';
      return { status_code: e.status_code, body: JSON.stringify({ error: e.body.trim(), code } satisfies ErrorBody) };
    },
  });

  async function middleware(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== UPLOADS_PATH && !ctx.path.startsWith(`${UPLOADS_PATH}/`)) return next();
    const user = ctx.state.user;
    if (!user) throw unauthenticated();
    const id = ctx.path.slice(UPLOADS_PATH.length + 1);
    if (id) {
      // Someone else's upload is not there for this caller.
      const owner = await datastore.getUpload(id).then(
        (u) => u.metadata?.[OWNER],
        () => undefined,
      );
      if (owner !== undefined && owner !== user.account_id) {
        ctx.status = 404;
        ctx.body = { error: 'Upload not found', code: 'not_found' };
        return;
      }
    }
    users.set(ctx.req, user);
    ctx.respond = false;
    await server.handle(ctx.req, ctx.res);
  }

  return { middleware, server, cleanUp: () => server.cleanUpExpiredUploads() };
}

async function readAll(datastore: UploadDatastore, id: string): Promise<Buffer> {
  const stream = (await datastore.read(id)) as AsyncIterable<Buffer>;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
