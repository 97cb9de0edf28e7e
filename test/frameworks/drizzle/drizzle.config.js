import { defineConfig } from "drizzle-kit";

export default defineConfig({ dialect: "postgresql", schema: "./schema.js", out: "./migrations" });
