// The bundled sample warehouse: a small e-commerce dataset generated from a fixed seed, so every start (and every
// test) sees exactly the same rows without shipping a data file.
import Database from 'better-sqlite3';
import {seededRandom} from '../random.js';

export const SAMPLE_SIZES = {users: 400, products: 48, orders: 2400} as const;

const CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Berlin', 'Germany'], ['Hamburg', 'Germany'], ['Paris', 'France'], ['Lyon', 'France'], ['Madrid', 'Spain'],
  ['Lisbon', 'Portugal'], ['Austin', 'United States'], ['Seattle', 'United States'], ['Toronto', 'Canada'],
  ['Osaka', 'Japan'],
];
const CATEGORIES = ['Books', 'Garden', 'Kitchen', 'Outdoors', 'Toys', 'Electronics'];
const ADJECTIVES = ['Classic', 'Compact', 'Deluxe', 'Eco', 'Handy', 'Smart', 'Sturdy', 'Tiny'];
const FIRST = ['Ada', 'Bo', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lea', 'Mo', 'Nia'];
const LAST = ['Berg', 'Costa', 'Diaz', 'Engel', 'Fuchs', 'Hale', 'Ito', 'Kerr', 'Lund', 'Moreau', 'Novak'];
const STATUSES = ['completed', 'completed', 'completed', 'shipped', 'processing', 'cancelled'];
const YEAR_START = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;

/** Timestamps as ISO text without zone, the one format the query engine compares and truncates. */
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 23);

const SCHEMA = `
CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL, country TEXT NOT NULL,
  is_vip INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL, price REAL NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), status TEXT NOT NULL,
  amount REAL NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE line_items (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
  product_id INTEGER NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL, price REAL NOT NULL);
CREATE INDEX line_items_order ON line_items(order_id);
CREATE INDEX orders_user ON orders(user_id);
`;

/** Fills `db` with the sample tables. */
export function loadSampleDataset(db: Database.Database): void {
  const next = seededRandom(20260101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  db.exec(SCHEMA);
  const insertUser = db.prepare('INSERT INTO users VALUES (?, ?, ?, ?, ?, ?)');
  const insertProduct = db.prepare('INSERT INTO products VALUES (?, ?, ?, ?)');
  const insertOrder = db.prepare('INSERT INTO orders VALUES (?, ?, ?, ?, ?)');
  const insertItem = db.prepare('INSERT INTO line_items VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (let id = 1; id <= SAMPLE_SIZES.users; id++) {
      const [city, country] = pick(CITIES);
      const created = YEAR_START - Math.floor(next() * 365) * DAY;
      insertUser.run(id, `${pick(FIRST)} ${pick(LAST)}`, city, country, next() < 0.15 ? 1 : 0, iso(created));
    }
    const prices: number[] = [];
    for (let id = 1; id <= SAMPLE_SIZES.products; id++) {
      const price = Math.round((3 + next() * 197) * 100) / 100;
      prices.push(price);
      insertProduct.run(id, `${pick(ADJECTIVES)} ${CATEGORIES[id % CATEGORIES.length]} item ${id}`, CATEGORIES[id % CATEGORIES.length]!, price);
    }
    let itemId = 1;
    for (let id = 1; id <= SAMPLE_SIZES.orders; id++) {
      const created = YEAR_START + Math.floor(next() * 365 * DAY);
      const lines = 1 + Math.floor(next() * 4);
      let amount = 0;
      const items: Array<[number, number, number]> = [];
      for (let i = 0; i < lines; i++) {
        const product = 1 + Math.floor(next() * SAMPLE_SIZES.products);
        const quantity = 1 + Math.floor(next() * 3);
        const price = prices[product - 1]!;
        amount += quantity * price;
        items.push([product, quantity, price]);
      }
      insertOrder.run(id, 1 + Math.floor(next() * SAMPLE_SIZES.users), pick(STATUSES), Math.round(amount * 100) / 100, iso(created));
      for (const [product, quantity, price] of items) insertItem.run(itemId++, id, product, quantity, price);
    }
  })();
}

/** A fresh in-memory copy of the sample warehouse, read-only once loaded so model SQL cannot change it. */
export function openSampleDatabase(): Database.Database {
  const db = new Database(':memory:');
  loadSampleDataset(db);
  db.pragma('query_only = ON');
  return db;
}

let image: Buffer | undefined;

/** The sample warehouse as a SQLite image (serialized once per process): what each query process opens. */
export function sampleImage(): Buffer {
  if (!image) {
    const db = openSampleDatabase();
    image = db.serialize();
    db.close();
  }
  return image;
}
