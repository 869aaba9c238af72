/**
 * The construction categories every installation has, demo data or not. Fixed ids, so links, tests and offline copies stay valid across databases.
 */
import type { Knex } from 'knex';

const CATEGORIES = [
  ['ca7e0000-0000-4000-8000-000000000001', 'cement-concrete', 'الأسمنت والخرسانة', 'Cement & Concrete', '水泥和混凝土'],
  ['ca7e0000-0000-4000-8000-000000000002', 'steel-rebar', 'الحديد وحديد التسليح', 'Steel & Rebar', '钢材和钢筋'],
  ['ca7e0000-0000-4000-8000-000000000003', 'blocks-bricks', 'البلوك والطوب', 'Blocks & Bricks', '砌块和砖'],
  ['ca7e0000-0000-4000-8000-000000000004', 'sand-aggregates', 'الرمل والركام', 'Sand & Aggregates', '砂石骨料'],
  ['ca7e0000-0000-4000-8000-000000000005', 'timber', 'الأخشاب', 'Timber', '木材'],
  ['ca7e0000-0000-4000-8000-000000000006', 'tiles-ceramics', 'البلاط والسيراميك', 'Tiles & Ceramics', '瓷砖和陶瓷'],
  ['ca7e0000-0000-4000-8000-000000000007', 'paint', 'الدهانات', 'Paint & Coatings', '油漆涂料'],
  ['ca7e0000-0000-4000-8000-000000000008', 'plumbing', 'السباكة', 'Plumbing', '水暖管材'],
  ['ca7e0000-0000-4000-8000-000000000009', 'electrical', 'الأدوات الكهربائية', 'Electrical', '电气材料'],
  ['ca7e0000-0000-4000-8000-000000000010', 'insulation', 'مواد العزل', 'Insulation', '保温隔热材料'],
  ['ca7e0000-0000-4000-8000-000000000011', 'heavy-equipment-rental', 'تأجير المعدات الثقيلة', 'Heavy Equipment Rental', '重型设备租赁'],
  ['ca7e0000-0000-4000-8000-000000000012', 'safety-equipment', 'معدات السلامة', 'Safety Equipment', '安全防护用品'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex('categories').insert(
    CATEGORIES.map(([id, slug, name_ar, name_en, name_zh], i) => ({
      id,
      slug,
      name_ar,
      name_en,
      name_zh,
      sort: (i + 1) * 10,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('categories')
    .whereIn(
      'id',
      CATEGORIES.map(([id]) => id),
    )
    .delete();
}
