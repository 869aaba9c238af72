import { describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, sortCatalogue, type SortableProduct } from './catalogue-sort';
import { cityDistanceKm, findCity } from './saudi-cities';

const p = (id: string, price: number, average_rating = 0, total_reviews = 0, supplier_city: string | null = null): SortableProduct => ({
  id,
  price,
  average_rating,
  total_reviews,
  supplier_city,
});

const ids = (rows: SortableProduct[]) => rows.map((r) => r.id);

describe('the catalogue orders', () => {
  const rows = [
    p('c', 20, 4, 3, 'جدة'),
    p('a', 5, 5, 1, 'الدمام'),
    p('e', 12, 4.5, 10, null),
    p('b', 20, 4, 3, 'الرياض'),
    p('d', 30, 4, 8, 'Atlantis'),
  ];

  it('relevance keeps the order the rows come in, in a new array', () => {
    const sorted = sortCatalogue(rows, 'relevance');
    expect(ids(sorted)).toEqual(['c', 'a', 'e', 'b', 'd']);
    expect(sorted).not.toBe(rows);
  });

  it('price_asc: cheapest first, equal prices in id order', () => {
    expect(ids(sortCatalogue(rows, 'price_asc'))).toEqual(['a', 'e', 'b', 'c', 'd']);
  });

  it('price_desc: dearest first, equal prices in id order', () => {
    expect(ids(sortCatalogue(rows, 'price_desc'))).toEqual(['d', 'b', 'c', 'e', 'a']);
  });

  it('rating: best average first, more reviews first at the same average, then id', () => {
    expect(ids(sortCatalogue(rows, 'rating'))).toEqual(['a', 'e', 'd', 'b', 'c']);
  });

  it('nearest: by distance from the reader city, unknown and missing cities last, cheaper first at one distance, then id', () => {
    const near = [...rows, p('f', 1, 0, 0, 'Taif'), p('g', 25, 0, 0, 'الدمام'), p('h', 1, 0, 0, undefined)];
    // From Riyadh: Riyadh 0, Dammam ~ 360 km (a 5, g 25), Taif ~ 700 km, Jeddah ~ 850 km; then
    // Atlantis, none and a row without the field, cheaper first (h 1, e 12, d 30).
    expect(ids(sortCatalogue(near, 'nearest', 'Riyadh'))).toEqual(['b', 'a', 'g', 'f', 'c', 'h', 'e', 'd']);
  });

  it('nearest without a reader city: every distance unknown, so by price, then id', () => {
    expect(ids(sortCatalogue(rows, 'nearest', null))).toEqual(['a', 'e', 'b', 'c', 'd']);
    expect(ids(sortCatalogue(rows, 'nearest', 'Gotham'))).toEqual(['a', 'e', 'b', 'c', 'd']);
  });

  it('gives the same order whatever order the rows come in (ties end in id order)', () => {
    const reversed = [...rows].reverse();
    for (const sort of CATALOGUE_SORTS.filter((s) => s !== 'relevance')) {
      expect(ids(sortCatalogue(reversed, sort, 'جدة')), sort).toEqual(ids(sortCatalogue(rows, sort, 'جدة')));
    }
  });
});

describe('Saudi cities', () => {
  it('finds a city by its Arabic or English name as people type it', () => {
    for (const name of ['الرياض', 'رياض', 'Riyadh', ' riyadh ', 'Al Riyadh']) expect(findCity(name)?.en, name).toBe('Riyadh');
    for (const name of ['مكة', 'مكه المكرمه', 'Makkah', 'Mecca']) expect(findCity(name)?.en, name).toBe('Makkah');
    for (const name of ['الأحساء', 'الاحساء', 'Al-Ahsa', 'الهفوف']) expect(findCity(name)?.en, name).toBe('Al-Ahsa');
    expect(findCity('Atlantis')).toBeUndefined();
    expect(findCity('')).toBeUndefined();
    expect(findCity(null)).toBeUndefined();
  });

  it('measures great-circle distances in km', () => {
    expect(cityDistanceKm('الرياض', 'الرياض')).toBe(0);
    expect(cityDistanceKm('الرياض', 'جدة')).toBeCloseTo(850, -1.5);
    expect(cityDistanceKm('جدة', 'مكة المكرمة')).toBeCloseTo(70, -1.2);
    expect(cityDistanceKm('الرياض', 'Atlantis')).toBeNull();
  });
});
