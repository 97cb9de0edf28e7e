// uuidx through node-postgres (pg) and the uuid package, as a Node.js application sees it:
//  - every generator's values read back alike in text and in binary results;
//  - uuid's validate()/version() agree with uuid_extract_version();
//  - uuid's v1ToV6()/v6ToV1() agree with uuid_v1_to_v6()/uuid_v6_to_v1();
//  - uuid's v3()/v5() agree with uuidv3()/uuidv5() for thousands of names (empty and
//    non-ASCII ones included);
//  - a v7 key made by the application (uuid's v7()) and one made by the database both
//    decode to the time they were made with uuid_extract_timestamp().
// Connects with libpq's environment (PGHOST, PGDATABASE...) to a database where uuidx is
// created. Prints one line per check; exits 1 on the first failure. Runs on Node.js 18
// (Debian 12's) and later, with the exact versions of package-lock.json.
'use strict';

const { Client } = require('pg');
const uuid = require('uuid');

function check(condition, what) {
  if (!condition) {
    console.log(`FAILED: ${what}`);
    process.exit(1);
  }
  console.log(`ok: ${what}`);
}

// A uuid of a binary result: pg-types formats the 16 bytes as text; were a version to
// hand out the bytes themselves, they are formatted here.
function textOfBinaryUuid(value) {
  if (typeof value === 'string') return value;
  const hex = Buffer.from(value).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Empty, ASCII, non-ASCII (Latin, CJK, emoji, combining marks) and drawn names; the same
// seed every run, so a failure can be replayed.
function names() {
  const fixed = ['', 'www.example.com', 'Grüße', '日本語', '😀 emoji', 'e\u0301', 'a'.repeat(1000), ' ', '\t'];
  const alphabet = [...'abcdefghijklmnopqrstuvwxyz0123456789-./:äöüßéñçøå漢字かなКириллица😀'];
  let state = 9562;
  const next = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const drawn = [];
  for (let i = 0; i < 3000; i++) {
    let name = '';
    for (let length = next(41); length > 0; length--) name += alphabet[next(alphabet.length)];
    drawn.push(name);
  }
  return fixed.concat(drawn);
}

async function main() {
  const client = new Client();
  await client.connect();
  try {
    const generators = {
      'uuid_generate_v7()': 7, 'uuid_generate_v6()': 6, 'public.uuidv4()': 4, 'uuidv1()': 1,
      "uuidv3(uuid_namespace('dns'), g::text)": 3, "uuidv5(uuid_namespace('dns'), g::text)": 5,
      "uuid_generate_v8(decode(lpad(to_hex(g), 32, '0'), 'hex'))": 8,
      "uuid_generate_v8_name(uuid_namespace('dns'), g::text)": 8,
    };
    for (const [call, expected] of Object.entries(generators)) {
      await client.query('DROP TABLE IF EXISTS drawn');
      await client.query(`CREATE TEMP TABLE drawn AS SELECT g, ${call} AS u FROM generate_series(1, 200) g`);
      const query = 'SELECT u, public.uuid_extract_version(u) AS v FROM drawn ORDER BY g';
      const text = await client.query(query);
      const binary = await client.query({ text: query, binary: true });
      check(text.rows.length === 200 && text.rows.every((row, i) =>
        textOfBinaryUuid(binary.rows[i].u) === row.u),
      `${call}: text and binary results carry the same 200 values`);
      check(text.rows.every((row) => uuid.validate(row.u) && uuid.version(row.u) === expected &&
        Number(row.v) === expected),
      `${call}: uuid's validate() and version() say ${expected}, as uuid_extract_version()`);
    }

    // v1 <-> v6, both ways, against the uuid package.
    const v1s = (await client.query('SELECT uuidv1() AS u, uuid_v1_to_v6(uuidv1()) AS v6 FROM generate_series(1, 200)')).rows;
    let agree = true;
    for (const row of v1s) {
      const viaDatabase = (await client.query('SELECT uuid_v1_to_v6($1) AS v6, uuid_v6_to_v1($2) AS v1', [row.u, row.v6])).rows[0];
      agree = agree && viaDatabase.v6 === uuid.v1ToV6(row.u) && viaDatabase.v1 === uuid.v6ToV1(row.v6) &&
        uuid.v6ToV1(uuid.v1ToV6(row.u)) === row.u;
    }
    check(agree, "uuid's v1ToV6()/v6ToV1() agree with uuid_v1_to_v6()/uuid_v6_to_v1() for 200 values each way");
    const rfcV1 = 'c232ab00-9414-11ec-b3c8-9f6bdeced846';  // RFC 9562 A.1 and A.5
    check(uuid.v1ToV6(rfcV1) === '1ec9414c-232a-6b00-b3c8-9f6bdeced846' &&
      (await client.query('SELECT uuid_v1_to_v6($1) AS v6', [rfcV1])).rows[0].v6 === uuid.v1ToV6(rfcV1),
    'the RFC 9562 v1 test vector converts to its v6 in both');

    // v3 and v5 for thousands of names, in every RFC namespace.
    const allNames = names();
    for (const [label, namespace] of [['dns', uuid.v5.DNS], ['url', uuid.v5.URL]]) {
      const rows = (await client.query(
        'SELECT name, uuidv3($1, name) AS v3, uuidv5($1, name) AS v5 FROM unnest($2::text[]) WITH ORDINALITY AS n(name, i) ORDER BY i',
        [namespace, allNames])).rows;
      check(rows.length === allNames.length && rows.every((row, i) => row.name === allNames[i] &&
        row.v3 === uuid.v3(row.name, namespace) && row.v5 === uuid.v5(row.name, namespace)),
      `uuid's v3()/v5() agree with uuidv3()/uuidv5() for ${allNames.length} names in namespace ${label}`);
    }

    // A v7 made by the application and one made by the database, both read back in time.
    await client.query('CREATE TEMP TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), origin text)');
    const before = Date.now();
    const applicationKey = uuid.v7();
    await client.query("INSERT INTO events (id, origin) VALUES ($1, 'application')", [applicationKey]);
    // A later millisecond: within one, the two generators' sub-millisecond bits are not
    // comparable (uuid's v7() puts a counter there, uuidx a time fraction).
    await new Promise((resolve) => setTimeout(resolve, 3));
    await client.query("INSERT INTO events (origin) VALUES ('database')");
    const after = Date.now();
    const decoded = (await client.query(
      'SELECT origin, id, (extract(epoch FROM public.uuid_extract_timestamp(id)) * 1000)::float8 AS ms FROM events ORDER BY id')).rows;
    check(decoded.length === 2 && decoded[0].origin === 'application' && decoded[0].id === applicationKey,
      'the application\'s v7 key sorts before the database\'s, made after it');
    check(decoded.every((row) => row.ms >= before && row.ms < after + 1),
      `both keys decode to their creation time, within [${before}, ${after}] ms`);
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.log(`FAILED: ${error.stack || error}`);
  process.exit(1);
});
