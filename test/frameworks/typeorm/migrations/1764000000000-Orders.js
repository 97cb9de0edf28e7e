// Made by typeorm migration:generate, then: ESM, the extension created first (in a schema of
// its own), and the time column VIRTUAL (TypeORM writes STORED, the only kind it knows).
export class Orders1764000000000 {
  name = "Orders1764000000000";

  async up(queryRunner) {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS uuidx`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS uuidx SCHEMA uuidx`);
    await queryRunner.query(`INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES ($1, $2, $3, $4, $5, $6)`, [await queryRunner.getCurrentDatabase(),"public","orders","GENERATED_COLUMN","created_at","uuid_extract_timestamp(id)"]);
    await queryRunner.query(`CREATE TABLE "orders" ("id" uuid NOT NULL DEFAULT uuidx.uuid_generate_v7(), "created_at" TIMESTAMP WITH TIME ZONE GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL, "total" numeric(10,2) NOT NULL, CONSTRAINT "orders_id_v7" CHECK (uuid_extract_version(id) = 7), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`);
  }

  async down(queryRunner) {
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = $3 AND "schema" = $4 AND "table" = $5`, ["GENERATED_COLUMN","created_at",await queryRunner.getCurrentDatabase(),"public","orders"]);
  }
}
