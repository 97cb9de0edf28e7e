// What the Node.js frameworks' tests share (drizzle/test.js, typeorm/test.js): a result line
// per check ("ok: ..." or "FAILED: ..."), the exit status they add up to, the version of an
// installed npm package, and the text form of a v7 key.
import { readFileSync } from "node:fs";

let failures = 0;

export const check = (condition, name) => {
  console.log((condition ? "ok: " : "FAILED: ") + name);
  if (!condition) failures++;
};

// Exits with 1 when a check failed.
export const finish = () => process.exit(failures ? 1 : 0);

export const version = (name) => JSON.parse(readFileSync(`../node_modules/${name}/package.json`)).version;

export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
