/**
 * The tus 1.0.0 endpoint at /api/uploads (@tus/server): creation (with upload), HEAD for
 * the offset to resume from, PATCH, termination and expiration. Unfinished uploads live in
 * DATA_DIR/uploads (@tus/file-store) or in the S3 bucket (@tus/s3-store) until they finish
 * or expire (a day after creation; deleted by the hourly upkeep), so a phone that loses its signal, or a
 * server restart, loses nothing: HEAD answers the bytes already stored and the client
 * sends the rest.
 *
 * Who: a signed-in supplier (the session cookie; writes pass the Origin check like any
 * other), and only for their own uploads: the creator's account is kept in the upload's
 * metadata, and every later request (HEAD, PATCH, DELETE, GET) is checked against the id
 * tus itself acts on (its onIncomingRequest hook), never a path segment read separately.
 * Only ids of the form we make, written plainly, are taken: a percent-encoded or nested
 * id (`%38b80…`, `x/<id>`) is not an upload. An upload of anyone else, or whose owner
 * cannot be read, is 404.
 *
 * A file of a deal (kind=delivery_file, deliveries/files.ts: a driver's signature or proof,
 * a requester's photo of a problem) goes through the same checks and derivation, is stored
 * privately and counts against no plan; so does a transfer's receipt photo
 * (kind=payment_receipt, payments/receipts.ts: the payment that names it, its payer only)
 * and a photo of an order's goods receipt or dispute (kind=order_photo,
 * goods-receipts/photos.ts: a receipt or dispute of that order names it, its buyer only).
 * A tender document (kind=tender_document, projects/documents-upload.ts: a PDF, XLSX, DWG
 * or image of a project, its owner only, until the deadline) is no photo: its bytes are
 * checked for their format and kept as they are, waiting to be attached; so is a bid
 * document (kind=bid_document, the same file: a contractor's, until the deadline).
 *
 * What: Upload-Metadata `kind` (product_photo), `product_id`, `photo_id` (the client's id
 * for the photo: a retried or resumed upload makes one photo), `filename` and `filetype`
 * (informational only). Creation is refused early (no bytes taken) when the product is not
 * the caller's, has no slot left or the caller's storage has no room for the declared
 * length, counting the caller's other unfinished uploads, or the caller already has
 * MAX_UNFINISHED_UPLOADS of them (unfinished.ts). When the last byte arrives the
 * bytes are checked and turned into the photo's files (image.ts), the photo is added
 * (service.ts), and the upload is deleted, photo made or not: the answer is 200 with the photo
 * as JSON, or the refusal's status with `{error, code}`, and nothing of a refused upload stays.
 * Every refusal, tus's own included (offsets, sizes, headers), is the `{error, code}` JSON
 * body with tus's status and its Tus-Resumable header.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { Knex } from 'knex';
import type { Context, Next } from 'koa';
import type { CancellationContext, Upload } from '@tus/utils';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { AppError, conflict, forbidden, internalError, notFound, unauthenticated, uploadTooLarge, validationFailed, type ErrorBody } from '../../../shared/errors';
import { MAX_UPLOAD_BYTES, UPLOADS_PATH, uploadMetadataSchema, type UploadMetadata } from '../../../shared/schemas/photo';
import { deliveryUploadMetadataSchema, type DeliveryUploadMetadata } from '../../../shared/schemas/delivery';
import { addDeliveryFile, assertDeliveryUploadAllowed } from '../deliveries/files';
import { receiptUploadMetadataSchema, type ReceiptUploadMetadata } from '../../../shared/schemas/payment';
import { addReceipt, assertReceiptUploadAllowed } from '../payments/receipts';
import { orderPhotoUploadMetadataSchema, type OrderPhotoUploadMetadata } from '../../../shared/schemas/goods-receipt';
import { addOrderPhoto, assertOrderPhotoUploadAllowed } from '../goods-receipts/photos';
import { documentUploadMetadataSchema, type DocumentUploadMetadata } from '../../../shared/schemas/project-document';
import { bidDocumentUploadMetadataSchema, type BidDocumentUploadMetadata } from '../../../shared/schemas/bid-document';
import { assertDocumentUploadAllowed, finishDocumentUpload, releaseUnattached } from '../projects/documents-upload';
import type { SessionUser } from '../../auth/session-user';
import type { AppDeps } from '../../http/context';
import { objectStore } from '../../storage';
import { s3ClientConfig } from '../../storage/s3';
import { decodes, processPhoto } from './image';
import { addPhoto, assertUploadAllowed } from './service';
import { holdUpload, releaseExpired, releaseUpload } from '../../storage/unfinished-uploads';

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

/**
 * Deletes unfinished uploads a day old and what they held (the hourly upkeep); answers
 * how many uploads were deleted.
 */
export async function expireUploads(knex: Knex, config: AppDeps['config']): Promise<number> {
  const deleted = await uploadDatastore(config, { expiring: true }).deleteExpired();
  await releaseExpired(knex, new Date(Date.now() - UPLOAD_EXPIRY_MS));
  await releaseUnattached(knex, new Date(Date.now() - UPLOAD_EXPIRY_MS));
  return deleted;
}

/** The ids we give uploads; a request naming anything else names no upload. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const newUploadId = () => crypto.randomBytes(16).toString('hex');

/** A tus refusal: the status and our error body. */
const tusError = (err: AppError) => ({
  status_code: err.status,
  body: JSON.stringify({ error: err.message, code: err.code } satisfies ErrorBody),
});

/** One of tus's own refusals (its status, its plain text, which names no secret) as our error, keeping the status. */
function fromTusRefusal(status: number, text: string): AppError {
  const message = text.trim();
  if (status === 413) return uploadTooLarge(message.startsWith('Maximum size') ? `An upload may have at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB` : message);
  if (status === 404 || status === 410) return new AppError('not_found', message || 'Upload not found', { status });
  if (status === 409) return conflict(message);
  if (status === 403) return forbidden(message);
  if (status >= 500) return new AppError('internal_error', message, { status });
  return new AppError('validation_failed', message, { status });
}

/**
 * tus answers every refusal through `write`, its own (missing Tus-Resumable, bad headers)
 * and those of its handlers and our hooks: each goes out as JSON, tus's text turned into
 * our body, with the status and the Tus-Resumable header it already had.
 */
class JsonRefusals extends Server {
  override write(context: CancellationContext, headers: Headers, status: number, body = ''): ReturnType<Server['write']> {
    if (status >= 400) {
      headers.set('Content-Type', 'application/json');
      if (!body.startsWith('{')) body = tusError(fromTusRefusal(status, body)).body;
    }
    return super.write(context, headers, status, body);
  }
}

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
  const isMissing = (err: unknown) => (err as { status_code?: number })?.status_code === 404;
  const metadataOf = (upload: Upload): UploadMetadata | DeliveryUploadMetadata | ReceiptUploadMetadata | OrderPhotoUploadMetadata | DocumentUploadMetadata | BidDocumentUploadMetadata => {
    const meta = upload.metadata ?? {};
    if (meta.kind === 'tender_document' || meta.kind === 'bid_document') {
      const parsed = (meta.kind === 'bid_document' ? bidDocumentUploadMetadataSchema : documentUploadMetadataSchema).safeParse(meta);
      if (!parsed.success) throw tusError(validationFailed(`Upload-Metadata of a ${meta.kind.replace('_', ' ')} needs project_id and photo_id`));
      return parsed.data;
    }
    if (meta.kind === 'order_photo') {
      const parsed = orderPhotoUploadMetadataSchema.safeParse(meta);
      if (!parsed.success) throw tusError(validationFailed('Upload-Metadata of an order photo needs purchase_order_id and photo_id'));
      return parsed.data;
    }
    if (meta.kind === 'payment_receipt') {
      const parsed = receiptUploadMetadataSchema.safeParse(meta);
      if (!parsed.success) throw tusError(validationFailed('Upload-Metadata of a receipt needs payment_id and photo_id'));
      return parsed.data;
    }
    if (meta.kind === 'delivery_file') {
      const parsed = deliveryUploadMetadataSchema.safeParse(meta);
      if (!parsed.success) throw tusError(validationFailed('Upload-Metadata of a delivery file needs delivery_id, photo_id and purpose'));
      return parsed.data;
    }
    const parsed = uploadMetadataSchema.safeParse(meta);
    if (!parsed.success) throw tusError(validationFailed('Upload-Metadata needs kind=product_photo, product_id and photo_id'));
    return parsed.data;
  };
  // Every removal from the store frees what the upload held: a termination (tus's DELETE
  // calls the store directly), a finish, a refusal, a replaced upload.
  const removeStored = datastore.remove.bind(datastore);
  datastore.remove = async (id: string) => {
    try {
      await removeStored(id);
    } finally {
      await releaseUpload(knex, id);
    }
  };
  const discard = async (id: string) => {
    await datastore.remove(id).catch((err) => logger.debug({ err, upload: id }, 'the upload store could not remove an upload'));
    // On S3 the store leaves a completed upload's object behind (it aborts the multipart
    // upload, which S3 no longer has once it is complete): its objects are deleted here.
    if (config.s3) await store.delete([id, `${id}.info`, `${id}.part`]).catch((err) => logger.warn({ err, upload: id }, 'could not remove an upload'));
  };

  const server = new JsonRefusals({
    path: UPLOADS_PATH,
    datastore,
    namingFunction: newUploadId,
    // The id is the path's last segment exactly as sent, one of ours or none.
    getFileIdFromRequest(req) {
      const { pathname } = new URL(req.url);
      const id = pathname.slice(UPLOADS_PATH.length + 1);
      return pathname === `${UPLOADS_PATH}/${id}` && UPLOAD_ID.test(id) ? id : undefined;
    },
    // Before tus touches an upload, on the id it will touch: the caller's own or not there.
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const user = userOf(req);
      const upload = await datastore.getUpload(id).catch((err: unknown) => {
        if (isMissing(err)) return undefined; // tus answers 404 itself
        throw err;
      });
      if (upload && upload.metadata?.[OWNER] !== user.account_id) throw tusError(notFound('Upload'));
    },
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: config.trustProxyHops > 0,
    allowedOrigins: [new URL(config.publicUrl).origin],
    allowedCredentials: true,
    async onUploadCreate(req, upload) {
      const user = userOf(req);
      const meta = metadataOf(upload);
      const size = upload.size;
      if (size === undefined) throw tusError(validationFailed('Upload-Length is required'));
      const hold = {
        id: upload.id,
        account_id: user.account_id,
        photo_id: meta.photo_id,
        bytes: size,
        ...(meta.kind === 'delivery_file'
          ? { kind: meta.kind, target_id: meta.delivery_id }
          : meta.kind === 'payment_receipt'
            ? { kind: meta.kind, target_id: meta.payment_id }
            : meta.kind === 'order_photo'
              ? { kind: meta.kind, target_id: meta.purchase_order_id }
              : meta.kind === 'tender_document' || meta.kind === 'bid_document'
                ? { kind: meta.kind, target_id: meta.project_id }
                : { kind: meta.kind, target_id: meta.product_id }),
      };
      let replaced: string[];
      try {
        replaced = await knex.transaction((trx) =>
          holdUpload(trx, hold, () =>
            meta.kind === 'delivery_file'
              ? assertDeliveryUploadAllowed(trx, user, meta)
              : meta.kind === 'payment_receipt'
                ? assertReceiptUploadAllowed(trx, user, meta)
                : meta.kind === 'order_photo'
                  ? assertOrderPhotoUploadAllowed(trx, user, meta)
                  : meta.kind === 'tender_document' || meta.kind === 'bid_document'
                    ? assertDocumentUploadAllowed(trx, user, meta, size, deps.clock.now())
                    : assertUploadAllowed(trx, user, meta.product_id, meta.photo_id, size, deps.clock.now()),
          ),
        );
      } catch (err) {
        if (err instanceof AppError) throw tusError(err);
        throw err;
      }
      // A new creation for the same photo: the upload it replaces goes, bytes and all.
      for (const id of replaced) await discard(id);
      return { metadata: { ...upload.metadata, [OWNER]: user.account_id } };
    },
    async onUploadFinish(req, upload) {
      const user = userOf(req);
      try {
        const meta = metadataOf(upload);
        if (meta.kind === 'tender_document' || meta.kind === 'bid_document') {
          const bytes = await readAll(datastore, upload.id);
          const made = await knex.transaction(async (trx) => {
            const result = await finishDocumentUpload(trx, store, user, meta, upload.id, bytes, deps.clock.now());
            await releaseUpload(trx, upload.id);
            return result;
          });
          await discard(upload.id);
          return { ...(req.method === 'PATCH' ? { status_code: 200 } : {}), headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(made) };
        }
        const photo = await decodes.run(user.account_id, async () => processPhoto(await readAll(datastore, upload.id)));
        const result: unknown = await knex.transaction(async (trx): Promise<unknown> => {
          const made =
            meta.kind === 'delivery_file'
              ? await addDeliveryFile(trx, store, user, meta, photo)
              : meta.kind === 'payment_receipt'
                ? await addReceipt(trx, store, user, meta, photo)
                : meta.kind === 'order_photo'
                  ? await addOrderPhoto(trx, store, user, meta, photo)
                  : await addPhoto(trx, store, user, meta.product_id, meta.photo_id, photo, deps.clock.now());
          await releaseUpload(trx, upload.id); // the photo holds its slot and bytes now
          return made;
        });
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
      // A failure that is not a refusal: logged, and answered without its message.
      if (err instanceof Error && !('status_code' in err)) {
        logger.error({ err }, 'upload failed');
        return tusError(internalError());
      }
      return undefined;
    },
  });

  async function middleware(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== UPLOADS_PATH && !ctx.path.startsWith(`${UPLOADS_PATH}/`)) return next();
    const user = ctx.state.user;
    if (!user) throw unauthenticated();
    users.set(ctx.req, user);
    ctx.respond = false;
    await server.handle(ctx.req, ctx.res);
  }

  return { middleware, server, cleanUp: () => expireUploads(knex, config) };
}

async function readAll(datastore: UploadDatastore, id: string): Promise<Buffer> {
  const stream = (await datastore.read(id)) as AsyncIterable<Buffer>;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
