// Drizzle and uuidx (test/frameworks/run.sh drizzle): the key declared in schema.js, the
// schema made by the migrations drizzle-kit generated (migrations/), then the five
// properties of docs/frameworks.md.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import { and, desc, eq, gte, lt, count } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { orders } from "./schema.js";
import { check, finish, UUID_V7, version } from "../checks.js";

console.log(`drizzle-orm ${version("drizzle-orm")}, drizzle-kit ${version("drizzle-kit")}, pg ${version("pg")}, Node.js ${process.version}`);
const client = new pg.Client(); // the PG* environment variables; one connection
await client.connect();
const db = drizzle(client);
const value = async (text) => Object.values((await client.query(text)).rows[0])[0];

await migrate(db, { migrationsFolder: "./migrations" });
check((await value("SELECT count(*)::int FROM pg_extension WHERE extname = 'uuidx'")) === 1, "the migration created the extension");
check((await value("SELECT column_default FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'id'"))
  === "uuid_generate_v7()", "the key's default is uuid_generate_v7()");
check((await value("SELECT attgenerated FROM pg_attribute WHERE attrelid = 'orders'::regclass AND attname = 'created_at'"))
  === "v", "created_at is a virtual generated column");

// drizzle-kit compares schema.js with its last snapshot: nothing new to generate.
const kit = (...args) => execFileSync("../node_modules/.bin/drizzle-kit", args, { encoding: "utf8", stdio: "pipe" });
const out = "./out"; // a copy of migrations/ (drizzle-kit wants a relative path)
rmSync(out, { recursive: true, force: true });
cpSync("./migrations", out, { recursive: true });
const generated = kit("generate", "--dialect", "postgresql", "--schema", "./schema.js", "--out", out);
check(generated.includes("No schema changes, nothing to migrate") && readdirSync(out).filter((f) => f.endsWith(".sql")).length === 1,
  "drizzle-kit generate finds no schema change");
rmSync(out, { recursive: true });
check(kit("check", "--dialect", "postgresql", "--out", "./migrations").includes("Everything's fine"), "drizzle-kit check: the migrations are consistent");

// Insert without a key: the key comes back, a string (JavaScript has no UUID type) of version 7.
const [order] = await db.insert(orders).values({ total: "10" }).returning();
check(typeof order.id === "string" && UUID_V7.test(order.id), "insert().returning() gives the generated key, a v7 UUID string");
const keys = [];
for (let i = 0; i < 50; i++) keys.push((await db.insert(orders).values({ total: String(i) }).returning({ id: orders.id }))[0].id);
check(keys.every((k, i) => i === 0 || keys[i - 1] < k), "keys of one connection are strictly increasing");
const bulk = (await db.insert(orders).values(Array.from({ length: 200 }, (_, i) => ({ total: String(i) })))
  .returning({ id: orders.id })).map((r) => r.id);
check(bulk.length === 200 && bulk.every((k) => UUID_V7.test(k)) && bulk[0] > keys.at(-1) && bulk.every((k, i) => i === 0 || bulk[i - 1] < k),
  "a bulk insert gets v7 keys, in order");
check(order.createdAt instanceof Date && order.createdAt.getTime() === parseInt(order.id.replace(/-/g, "").slice(0, 12), 16),
  "created_at is the key's time, to the millisecond");

// The time through the ORM: 20,000 orders over the last 20,000 minutes.
await client.query("INSERT INTO orders (id, total) SELECT public.uuidv7(-(g || ' minutes')::interval), g FROM generate_series(1, 20000) g");
await client.query("ANALYZE orders");
const explain = async (query) => {
  const { sql, params } = query.toSQL();
  return (await client.query("EXPLAIN " + sql, params)).rows.map((r) => r["QUERY PLAN"]).join(" | ");
};
const latest = db.select().from(orders).orderBy(desc(orders.createdAt)).limit(5);
const now = Date.now();
const window = db.select({ n: count() }).from(orders)
  .where(and(gte(orders.createdAt, new Date(now - 86400e3)), lt(orders.createdAt, new Date(now - 3600e3))));
const times = (await latest).map((o) => o.createdAt.getTime());
const [newest] = await db.select().from(orders).orderBy(desc(orders.id)).limit(1);
check(times.length === 5 && times[0] === newest.createdAt.getTime() && times.every((t, i) => i === 0 || times[i - 1] >= t),
  "the latest 5 by created_at, the newest key's first");
let plan = await explain(latest);
check(plan.includes("Index Scan Backward using orders_pkey"), "the latest 5 read the key's index backwards: " + plan);
check((await window)[0].n === 1380, "a time window (a day back to an hour back) holds its 1380 orders");
plan = await explain(window);
check(plan.includes("orders_pkey") && plan.includes("Index Cond: ((id >="), "the time window is a key range on the key's index: " + plan);

// A malformed key in a filter: Drizzle sends it, PostgreSQL refuses it.
try {
  await db.select().from(orders).where(eq(orders.id, "not-a-uuid"));
  check(false, "a malformed key in a filter is refused");
} catch (error) {
  const cause = error.cause ?? error;
  check(cause.code === "22P02", `a malformed key in a filter is PostgreSQL's 22P02 (${error.constructor.name}): ${cause.message}`);
}

await client.end();
finish();
