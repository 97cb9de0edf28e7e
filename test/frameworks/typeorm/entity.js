import { EntitySchema } from "typeorm";

export const Order = new EntitySchema({
  name: "Order",
  tableName: "orders",
  columns: {
    // The key: uuidx's server default, read back by INSERT ... RETURNING. Not
    // generated: "uuid", which writes uuid_generate_v4() and needs uuid-ossp; and
    // schema-qualified: TypeORM reads a default uuid_generate_vN() as generated: "uuid".
    id: { type: "uuid", primary: true, default: () => "uuidx.uuid_generate_v7()" },
    // The key's time: TypeORM knows only STORED generated columns on PostgreSQL; migration
    // 1764000000000 makes it VIRTUAL. Never written, only read.
    createdAt: {
      name: "created_at",
      type: "timestamptz",
      generatedType: "STORED",
      asExpression: "uuid_extract_timestamp(id)",
      insert: false,
      update: false,
    },
    total: { type: "numeric", precision: 10, scale: 2 },
  },
  checks: [{ name: "orders_id_v7", expression: "uuid_extract_version(id) = 7" }],
});
