/**
 * Saudi cities with their coordinates, and the great-circle distance between two of them,
 * for the catalogue's "nearest supplier" order. A profile's city is free text, so a city
 * is found by its Arabic or English name as people type it: normalised as search is
 * (hamza forms, teh marbuta, case), punctuation and spaces dropped, and a leading article
 * ("ال", "Al") ignored. A name the table does not know has no distance and sorts last.
 * The table holds the cities the demo's profiles and places use and the other large ones.
 */
import { normalizeSearch } from './search';

interface City {
  ar: string;
  en: string;
  lat: number;
  lon: number;
  /** Other names people write for it. */
  aka?: string[];
}

const SAUDI_CITIES: readonly City[] = [
  { ar: 'الرياض', en: 'Riyadh', lat: 24.7136, lon: 46.6753 },
  { ar: 'جدة', en: 'Jeddah', lat: 21.4858, lon: 39.1925, aka: ['Jiddah', 'Jedda'] },
  { ar: 'مكة المكرمة', en: 'Makkah', lat: 21.3891, lon: 39.8579, aka: ['مكة', 'Mecca'] },
  { ar: 'المدينة المنورة', en: 'Madinah', lat: 24.5247, lon: 39.5692, aka: ['المدينة', 'Medina'] },
  { ar: 'الدمام', en: 'Dammam', lat: 26.4207, lon: 50.0888 },
  { ar: 'الخبر', en: 'Khobar', lat: 26.2172, lon: 50.1971 },
  { ar: 'الظهران', en: 'Dhahran', lat: 26.2361, lon: 50.0393 },
  { ar: 'الجبيل', en: 'Jubail', lat: 27.0046, lon: 49.646 },
  { ar: 'الأحساء', en: 'Al-Ahsa', lat: 25.3833, lon: 49.5856, aka: ['الهفوف', 'Hofuf', 'Hasa'] },
  { ar: 'الخرج', en: 'Kharj', lat: 24.1556, lon: 47.312 },
  { ar: 'الطائف', en: 'Taif', lat: 21.2703, lon: 40.4158 },
  { ar: 'ينبع', en: 'Yanbu', lat: 24.0895, lon: 38.0618 },
  { ar: 'تبوك', en: 'Tabuk', lat: 28.3835, lon: 36.5662 },
  { ar: 'بريدة', en: 'Buraydah', lat: 26.326, lon: 43.975, aka: ['Buraidah'] },
  { ar: 'حائل', en: 'Hail', lat: 27.5114, lon: 41.7208 },
  { ar: 'أبها', en: 'Abha', lat: 18.2164, lon: 42.5053 },
  { ar: 'خميس مشيط', en: 'Khamis Mushait', lat: 18.3, lon: 42.7333 },
  { ar: 'جازان', en: 'Jazan', lat: 16.8892, lon: 42.5511, aka: ['جيزان', 'Jizan'] },
  { ar: 'نجران', en: 'Najran', lat: 17.4924, lon: 44.1277 },
];

/** A city name as the table compares it: normalised, only letters and digits, no leading article. */
const cityKey = (name: string) =>
  normalizeSearch(name)
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/^(?:ال|al)(?=.{2,})/u, '');

const BY_KEY = new Map<string, City>(SAUDI_CITIES.flatMap((c) => [c.ar, c.en, ...(c.aka ?? [])].map((name) => [cityKey(name), c] as const)));

/** The table's city of a name as typed, or undefined. */
export function findCity(name: string | null | undefined): City | undefined {
  return name ? BY_KEY.get(cityKey(name)) : undefined;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km between two named cities (haversine); null when either is unknown. */
export function cityDistanceKm(from: string | null | undefined, to: string | null | undefined): number | null {
  const a = findCity(from);
  const b = findCity(to);
  if (!a || !b) return null;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
