CREATE EXTENSION IF NOT EXISTS uuidx;--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT uuid_generate_v7() NOT NULL,
	"created_at" timestamp with time zone GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	CONSTRAINT "orders_id_v7" CHECK (uuid_extract_version("orders"."id") = 7)
);
