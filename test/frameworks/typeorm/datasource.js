import { DataSource } from "typeorm";
import { Order } from "./entity.js";

// The database is the one the PG* environment variables name.
export default new DataSource({
  type: "postgres",
  host: process.env.PGHOST,
  port: Number(process.env.PGPORT),
  username: process.env.PGUSER,
  database: process.env.PGDATABASE,
  entities: [Order],
  migrations: ["migrations/*.js"],
});
