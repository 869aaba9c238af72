/**
 * The catalogue the API benchmarks read: one supplier's products with Arabic, English and
 * Chinese names made from word lists, and the popular searches asked of it
 * (bench/api.ts, bench/profile-catalogue.ts).
 */
/** The popular searches: terms in the three languages, one and two words. */
export const SEARCHES = ['اسمنت', 'إسمنت مقاوم', 'حديد تسليح', 'بلاطه', 'cement', 'Bricks', 'steel rebar', '水泥', '钢筋', 'طوب'];

/** `products` products from word lists (a third each Arabic, English and Chinese) of one supplier. */
export async function seed(knex: import('knex').Knex, products: number) {
  const [supplier] = await knex('users').insert({ email: 'bench-supplier@binaa.sa', name: 'Bench' }).returning('id');
  await knex('profiles').insert({ user_id: supplier.id, role: 'supplier', company_name: 'مؤسسة القياس', verification_tier: 'gold' });
  const categories = await knex('categories').pluck('id');
  // Names from word lists, a third each Arabic, English and Chinese, so search has to
  // find real words among 100k rows.
  await knex.raw(
    `insert into products (supplier_id, category_id, name, description, price, unit, min_quantity)
     select ?, (?::uuid[])[1 + (i % ?)],
            case i % 3
              when 0 then (array['أسمنت','اسمنت','حديد','بلاطة','طوب','رمل','خشب','دهان','عازل','أنابيب','كابلات','زجاج'])[1 + (i % 12)]
                          || ' ' || (array['بورتلاندي','مقاوم','تسليح','سيراميك','أحمر','مغسول','صنوبر','داخلي','حراري','بلاستيكية','نحاسية','مقسى'])[1 + ((i / 12) % 12)]
                          || ' ' || (i % 997)::text
              when 1 then (array['Portland','Resistant','Rebar','Ceramic','Red','Washed','Pine','Interior','Thermal','PVC','Copper','Tempered'])[1 + (i % 12)]
                          || ' ' || (array['cement','steel','tiles','bricks','sand','timber','paint','insulation','pipes','cables','glass','blocks'])[1 + ((i / 12) % 12)]
                          || ' ' || (i % 997)::text
              else (array['普通','抗','螺纹','陶瓷','红','水洗','松木','室内','隔热','塑料','铜','钢化'])[1 + (i % 12)]
                   || (array['水泥','钢筋','瓷砖','砖','砂','木材','涂料','保温材料','管道','电缆','玻璃','砌块'])[1 + ((i / 12) % 12)]
                   || (i % 997)::text
            end,
            'منتج للاختبار رقم ' || i, (10 + (i % 5000))::numeric(14,2), 'unit', 1
       from generate_series(1, ?) as s(i)`,
    [supplier.id, categories, categories.length, products],
  );
  await knex.raw('analyze products');
}
