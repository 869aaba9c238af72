/**
 * Photos for the demo catalogue, drawn here at seed time (nothing is downloaded): one
 * picture per category (a simple drawing of what it sells: cement bags, rebar, bricks,
 * pipes...) on a warm background, a second, closer one for the first product of each
 * category, both through the same pipeline as an upload (processPhoto: WebP sizes, content
 * addresses). Products of a category share the category's files, as identical uploads do.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import type { ObjectStore } from '../storage';
import { processPhoto, type ProcessedPhoto } from '../modules/photos/image';
import { mediaKey } from '../modules/photos/service';

const W = 1200;
const H = 900;

/** The drawing of each category, over the whole 1200×900 canvas. */
const DRAWINGS: Record<string, { bg: string; shapes: () => string }> = {
  'cement-concrete': {
    bg: '#d9d2c5',
    shapes: () =>
      [0, 1, 2]
        .map((i) => `<g transform="translate(${200 + i * 290} ${330 - (i % 2) * 40})"><rect width="250" height="360" rx="40" fill="#8a8f94"/><rect x="30" y="120" width="190" height="90" fill="#f2f2f2"/><rect x="30" y="150" width="190" height="30" fill="#c0392b"/></g>`)
        .join(''),
  },
  'steel-rebar': {
    bg: '#e7e3dc',
    shapes: () =>
      Array.from({ length: 9 }, (_, i) => `<rect x="120" y="${200 + i * 60}" width="960" height="26" rx="13" fill="#6d4c41"/>` + Array.from({ length: 24 }, (_, j) => `<rect x="${140 + j * 40}" y="${196 + i * 60}" width="8" height="34" fill="#4e342e"/>`).join('')).join(''),
  },
  'blocks-bricks': {
    bg: '#efe6da',
    shapes: () =>
      Array.from({ length: 6 }, (_, r) =>
        Array.from({ length: 6 }, (_, c) => `<rect x="${110 + c * 165 + (r % 2) * 80}" y="${170 + r * 95}" width="150" height="80" fill="#b5533c" stroke="#8d3b28" stroke-width="6"/>`).join(''),
      ).join(''),
  },
  plumbing: {
    bg: '#e3ecf2',
    shapes: () =>
      [0, 1, 2, 3, 4]
        .map((i) => `<circle cx="${260 + i * 170}" cy="${450 + (i % 2) * 60}" r="${95 - i * 6}" fill="#eceff1" stroke="#455a64" stroke-width="22"/>`)
        .join('') + '<rect x="120" y="720" width="960" height="60" rx="30" fill="#546e7a"/>',
  },
  electrical: {
    bg: '#f1efe6',
    shapes: () =>
      '<circle cx="600" cy="450" r="250" fill="#212121"/><circle cx="600" cy="450" r="190" fill="#f1efe6"/><circle cx="600" cy="450" r="130" fill="#212121"/><circle cx="600" cy="450" r="70" fill="#c62828"/>' +
      '<path d="M860 200 L760 450 L850 450 L740 720 L960 400 L870 400 L960 200 Z" fill="#fbc02d"/>',
  },
  paint: {
    bg: '#f4efe9',
    shapes: () =>
      ['#1565c0', '#2e7d32', '#f9a825'].map((c, i) => `<g transform="translate(${170 + i * 300} 260)"><rect width="240" height="330" rx="20" fill="#cfd8dc"/><rect y="90" width="240" height="150" fill="${c}"/><ellipse cx="120" cy="0" rx="120" ry="28" fill="#b0bec5"/></g>`).join(''),
  },
  'tiles-ceramics': {
    bg: '#e8e8e8',
    shapes: () =>
      Array.from({ length: 5 }, (_, r) =>
        Array.from({ length: 7 }, (_, c) => `<rect x="${110 + c * 140}" y="${130 + r * 130}" width="128" height="118" fill="${(r + c) % 2 ? '#d7ccc8' : '#8d6e63'}"/>`).join(''),
      ).join(''),
  },
  timber: {
    bg: '#f3ede2',
    shapes: () =>
      Array.from({ length: 7 }, (_, i) => `<rect x="140" y="${180 + i * 82}" width="920" height="70" rx="8" fill="${i % 2 ? '#c49a6c' : '#a47148'}"/><ellipse cx="${300 + (i * 137) % 600}" cy="${215 + i * 82}" rx="40" ry="14" fill="#7b5230"/>`).join(''),
  },
  'sand-aggregates': {
    bg: '#e9f0f4',
    shapes: () =>
      '<path d="M120 760 Q360 260 600 300 Q840 260 1080 760 Z" fill="#d7b98e"/>' +
      Array.from({ length: 40 }, (_, i) => `<circle cx="${260 + ((i * 97) % 680)}" cy="${520 + ((i * 53) % 220)}" r="${10 + (i % 4) * 4}" fill="#a1887f"/>`).join(''),
  },
  insulation: {
    bg: '#eef3ea',
    shapes: () =>
      [0, 1, 2].map((i) => `<g transform="translate(${170 + i * 300} 230)"><rect width="260" height="440" rx="30" fill="#ffca28"/>${Array.from({ length: 8 }, (_, j) => `<path d="M0 ${40 + j * 52} Q130 ${10 + j * 52} 260 ${40 + j * 52}" stroke="#f57f17" stroke-width="10" fill="none"/>`).join('')}</g>`).join(''),
  },
  'heavy-equipment-rental': {
    bg: '#e6edf2',
    shapes: () =>
      '<rect x="260" y="430" width="520" height="200" rx="20" fill="#f9a825"/><rect x="560" y="300" width="200" height="170" rx="12" fill="#f9a825"/><rect x="590" y="325" width="140" height="90" fill="#90caf9"/>' +
      '<path d="M760 480 L960 330 L1000 360 L820 520 Z" fill="#f57f17"/><path d="M960 330 L1040 520 L940 540 Z" fill="#424242"/>' +
      '<rect x="230" y="640" width="580" height="90" rx="45" fill="#424242"/>' +
      [300, 440, 580, 720].map((x) => `<circle cx="${x}" cy="685" r="32" fill="#9e9e9e"/>`).join(''),
  },
  'safety-equipment': {
    bg: '#f2f2ee',
    shapes: () =>
      '<path d="M330 560 Q330 260 600 250 Q870 260 870 560 Z" fill="#fdd835"/><rect x="270" y="550" width="660" height="60" rx="30" fill="#f9a825"/><rect x="575" y="250" width="50" height="310" fill="#f9a825"/>' +
      '<rect x="400" y="650" width="400" height="90" rx="12" fill="#ff6f00"/><rect x="400" y="680" width="400" height="24" fill="#e0e0e0"/>',
  },
};

async function draw(slug: string, detail: boolean): Promise<Buffer> {
  const d = DRAWINGS[slug] ?? DRAWINGS['cement-concrete'];
  // The detail photo is the middle of the drawing, closer.
  const view = detail ? `${W / 4} ${H / 4} ${W / 2} ${H / 2}` : `0 0 ${W} ${H}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="${view}"><rect x="0" y="0" width="${W}" height="${H}" fill="${d.bg}"/>${d.shapes()}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

export interface DemoPhotoProduct {
  id: string;
  supplier_id: string;
  slug: string;
}

/** Draws, stores and records the demo photos of these products. */
export async function seedDemoPhotos(trx: Knex.Transaction, store: ObjectStore, products: DemoPhotoProduct[]): Promise<void> {
  const made = new Map<string, ProcessedPhoto>();
  const photoOf = async (slug: string, detail: boolean) => {
    const key = `${slug}:${detail}`;
    let photo = made.get(key);
    if (!photo) {
      photo = await processPhoto(await draw(slug, detail));
      await Promise.all(photo.files.map((f) => store.put(mediaKey(photo!.hash, f.size), f.body, 'image/webp')));
      made.set(key, photo);
    }
    return photo;
  };
  const seen = new Set<string>();
  const rows = [];
  for (const p of products) {
    const first = !seen.has(p.slug);
    seen.add(p.slug);
    for (const [position, detail] of (first ? [false, true] : [false]).entries()) {
      const photo = await photoOf(p.slug, detail);
      rows.push({ product_id: p.id, supplier_id: p.supplier_id, position, hash: photo.hash, width: photo.width, height: photo.height, bytes: photo.bytes });
    }
  }
  if (rows.length) await trx('product_photos').insert(rows.map((r) => ({ id: crypto.randomUUID(), ...r })));
}
