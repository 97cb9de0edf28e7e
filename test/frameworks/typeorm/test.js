// TypeORM and uuidx (test/frameworks/run.sh typeorm): the key declared in entity.js, the
// schema made by the migration in migrations/ (typeorm migration:generate's, edited), then
// the five properties of docs/frameworks.md.
import { execFileSync } from "node:child_process";
import "reflect-metadata";
import { Between, DataSource, EntitySchema, QueryFailedError } from "typeorm";
import dataSource from "./datasource.js";
import { Order } from "./entity.js";
import { check, finish, UUID_V7, version } from "../checks.js";

console.log(`typeorm ${version("typeorm")}, pg ${version("pg")}, Node.js ${process.version}`);
await dataSource.initialize();
const value = async (text) => Object.values((await dataSource.query(text))[0])[0];
await dataSource.runMigrations();
check((await value("SELECT count(*)::int FROM pg_extension WHERE extname = 'uuidx'")) === 1, "the migration created the extension");
check((await value("SELECT count(*)::int FROM pg_extension WHERE extname = 'uuid-ossp'")) === 0, "no uuid-ossp");
check((await value("SELECT column_default FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'id'"))
  === "uuidx.uuid_generate_v7()", "the key's default is uuidx.uuid_generate_v7()");
check((await value("SELECT attgenerated FROM pg_attribute WHERE attrelid = 'orders'::regclass AND attname = 'created_at'"))
  === "v", "created_at is a virtual generated column");

// migration:generate compares the entities with the database: no change.
const upQueries = (await dataSource.driver.createSchemaBuilder().log()).upQueries;
check(upQueries.length === 0, "the schema builder finds no change: " + JSON.stringify(upQueries.map((q) => q.query)));
let cli;
try {
  cli = execFileSync("../node_modules/.bin/typeorm", ["migration:generate", "-d", "datasource.js", "--check", "migrations/Check"],
    { encoding: "utf8", stdio: "pipe" });
} catch (error) {
  cli = "exit " + error.status + ": " + error.stdout + error.stderr;
}
check(cli.includes("No changes in database schema were found"), "typeorm migration:generate --check finds no change: " + cli.trim());

// Insert without a key: the key comes back, a string (JavaScript has no UUID type) of version 7.
// One query runner: one connection of the pool.
const runner = dataSource.createQueryRunner();
const orders = runner.manager.getRepository(Order);
const order = await orders.save({ total: "10" });
check(typeof order.id === "string" && UUID_V7.test(order.id), "save() returns the generated key, a v7 UUID string");
const keys = [];
for (let i = 0; i < 50; i++) keys.push((await orders.save({ total: String(i) })).id);
check(keys.every((k, i) => i === 0 || keys[i - 1] < k), "keys of one connection are strictly increasing");
const bulk = (await orders.insert(Array.from({ length: 200 }, (_, i) => ({ total: String(i) })))).identifiers.map((r) => r.id);
check(bulk.length === 200 && bulk.every((k) => UUID_V7.test(k)) && bulk[0] > keys.at(-1) && bulk.every((k, i) => i === 0 || bulk[i - 1] < k),
  "a bulk insert gets v7 keys, in order");
const read = await orders.findOneBy({ id: order.id });
check(read.createdAt instanceof Date && read.createdAt.getTime() === parseInt(order.id.replace(/-/g, "").slice(0, 12), 16),
  "created_at is the key's time, to the millisecond");

// The time through the ORM: 20,000 orders over the last 20,000 minutes.
await runner.query("INSERT INTO orders (id, total) SELECT uuidx.uuidv7(-(g || ' minutes')::interval), g FROM generate_series(1, 20000) g");
await runner.query("ANALYZE orders");
const explain = async (query) => {
  const [sql, params] = query.getQueryAndParameters();
  return (await runner.query("EXPLAIN " + sql, params)).map((r) => r["QUERY PLAN"]).join(" | ");
};
const latest = orders.createQueryBuilder("o").orderBy("o.createdAt", "DESC").limit(5);
const now = Date.now();
const window = orders.createQueryBuilder("o")
  .where("o.createdAt >= :from AND o.createdAt < :to", { from: new Date(now - 86400e3), to: new Date(now - 3600e3) });
const times = (await latest.getMany()).map((o) => o.createdAt.getTime());
const [newest] = await orders.find({ order: { id: "DESC" }, take: 1 });
check(times.length === 5 && times[0] === newest.createdAt.getTime() && times.every((t, i) => i === 0 || times[i - 1] >= t),
  "the latest 5 by created_at, the newest key's first");
let plan = await explain(latest);
check(plan.includes('Index Scan Backward using "PK_710e2d4957aa5878dfe94e4ac2f"'), "the latest 5 read the key's index backwards: " + plan);
check((await window.getCount()) === 1380, "a time window (a day back to an hour back) holds its 1380 orders");
plan = await explain(window);
check(plan.includes("PK_710e2d4957aa5878dfe94e4ac2f") && plan.includes("Index Cond: ((id >="), "the time window is a key range on the key's index: " + plan);
check((await orders.countBy({ createdAt: Between(new Date(now - 86400e3), new Date(now - 3600e3 - 1)) })) === 1380,
  "the same window through find options (Between)");

// A malformed key in a filter: TypeORM sends it, PostgreSQL refuses it.
try {
  await orders.findBy({ id: "not-a-uuid" });
  check(false, "a malformed key in a filter is refused");
} catch (error) {
  check(error instanceof QueryFailedError && error.driverError?.code === "22P02",
    `a malformed key in a filter is PostgreSQL's 22P02 (${error.constructor.name}): ${error.message}`);
}

// The trap the schema-qualified default avoids: with uuidx in public, TypeORM reads the
// default uuid_generate_v7() as its own generated "uuid", and proposes to set it again.
await runner.query("DROP DATABASE IF EXISTS fw_typeorm_public");
await runner.query("CREATE DATABASE fw_typeorm_public");
const unqualified = new DataSource({
  ...dataSource.options,
  database: "fw_typeorm_public",
  migrations: [],
  entities: [new EntitySchema({ name: "Trap", tableName: "trap",
    columns: { id: { type: "uuid", primary: true, default: () => "uuid_generate_v7()" } } })],
});
await unqualified.initialize();
await unqualified.query("CREATE EXTENSION uuidx");
await unqualified.synchronize();
const again = (await unqualified.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query);
check(again.includes(`ALTER TABLE "trap" ALTER COLUMN "id" SET DEFAULT uuid_generate_v7()`),
  "unqualified, the default is a change on every migration:generate: " + JSON.stringify(again));
await unqualified.destroy();

await runner.release();
await dataSource.destroy();
finish();
