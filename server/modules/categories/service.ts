/**
 * Categories: reference data shipped by the migrations, read by everyone. Owns the list,
 * the rows the change feed sends, and resolving a category named by a client (an id in a
 * product body, an id or a slug in a catalogue query). A soft-deleted category is gone
 * from all of these.
 */
import type { Knex } from 'knex';
import type { Category } from '../../../shared/schemas/category';
import { validationFailed } from '../../../shared/errors';

const COLUMNS = ['id', 'slug', 'name_ar', 'name_en', 'name_zh', 'sort'] as const;

export function categoryQuery(db: Knex) {
  return db('categories').whereNull('deleted_at').select(COLUMNS);
}

/** Every live category, by sort, then slug so equal sorts keep one order. */
export async function listCategories(db: Knex): Promise<Category[]> {
  return categoryQuery(db).orderBy([{ column: 'sort' }, { column: 'slug' }]);
}

/** The id of the live category named by id or slug, or undefined. */
export async function resolveCategoryRef(db: Knex, ref: string): Promise<string | undefined> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref);
  const row = await db('categories')
    .whereNull('deleted_at')
    .where(isUuid ? { id: ref } : { slug: ref })
    .first('id');
  return row?.id;
}

/** A product body's category_id must name a live category: 400 on that field otherwise. */
export async function assertCategoryExists(db: Knex, id: string | null | undefined): Promise<void> {
  if (!id) return;
  if (!(await resolveCategoryRef(db, id))) {
    throw validationFailed('Unknown category', [{ path: 'category_id', message: 'unknown_category', code: 'custom' }]);
  }
}
