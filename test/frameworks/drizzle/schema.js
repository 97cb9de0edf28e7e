import { sql } from "drizzle-orm";
import { check, numeric, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

export const orders = pgTable(
  "orders",
  {
    // The key: uuidx's server default, as SQL (a plain string would be a constant).
    id: uuid("id").primaryKey().default(sql`uuid_generate_v7()`),
    // The key's time: generated, so never written; migration 0000 makes it VIRTUAL.
    createdAt: timestamp("created_at", { withTimezone: true })
      .generatedAlwaysAs(sql`uuid_extract_timestamp(id)`)
      .notNull(),
    total: numeric("total", { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [check("orders_id_v7", sql`uuid_extract_version(${t.id}) = 7`)],
);
