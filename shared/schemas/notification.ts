/**
 * Notification: kind and params let the client render it in the reader's language;
 * title and message carry the server's rendering in the recipient's language.
 */
import { z } from 'zod';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../constants';
import { paginationFields, timestampSchema, uuidSchema } from './common';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export const notificationPrioritySchema = z.enum(NOTIFICATION_PRIORITIES);

export const notificationSchema = z.object({
  id: uuidSchema,
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  type: notificationTypeSchema,
  priority: notificationPrioritySchema,
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: unread=true keeps only the unread ones. */
export const notificationListQuerySchema = z.strictObject({
  unread: z.stringbool().optional(),
  ...paginationFields,
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** PUT /api/notifications/mark-all-read: how many were unread. */
export const markAllReadResultSchema = z.object({ updated: z.number().int().min(0) });
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;

/** Sync mutation notification.read (PUT /api/notifications/:id/read takes the id from its path). */
export const notificationReadArgsSchema = z.strictObject({ id: uuidSchema });
export type NotificationReadArgs = z.infer<typeof notificationReadArgsSchema>;

/** Sync mutation notification.read_all (PUT /api/notifications/mark-all-read) takes nothing. */
export const notificationReadAllArgsSchema = z.strictObject({});
