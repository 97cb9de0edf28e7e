// Façade vectors for uuidx's public form of v7 keys (src/core/public_id.hpp), computed from
// the uuidv47 specification (github.com/stateless-me/uuidv47, README "Specification" and
// uuidv47.h) with an independent SipHash-2-4, the npm package "siphash" (jedisct1), and
// byte handling written here, not taken from the C++ core. Prints C++ initializer rows
// {key text, v7, façade} that test/unit/public_id_test.cpp includes:
//
//   cd <a copy of test/clients/node> && npm ci &&
//   node uuidv47_vectors.js > /work/main/test/unit/uuidv47_vectors.inc
//
// Before printing anything it checks the package against the SipHash paper's vectors and
// this script's reading of the specification against façades published by uuidv47 ports;
// any mismatch exits non-zero with nothing on stdout.
'use strict';

const siphash = require('siphash');
const siphashVersion = require('siphash/package.json').version;

function fail(message) {
  process.stderr.write(`uuidv47_vectors.js: ${message}\n`);
  process.exit(1);
}

// --- Key text -------------------------------------------------------------------------
// The form of uuidv47's PostgreSQL setting uuid47.key: "k0:k1", 16 hex digits a side,
// each side the 8 key bytes in order (the extension reads each side's bytes little-endian
// into k0 and k1). So the text is the 16-byte SipHash key written out.
function keyBytesFromText(text) {
  const match = /^([0-9a-fA-F]{16}):([0-9a-fA-F]{16})$/.exec(text);
  if (!match) fail(`bad key text ${text}`);
  return Buffer.from(match[1] + match[2], 'hex');
}

// The package takes the key as four 32-bit words, each read little-endian from the key.
function sipKeyWords(keyBytes) {
  return [0, 4, 8, 12].map((offset) => keyBytes.readUInt32LE(offset));
}

// The 64-bit SipHash output as a BigInt.
function sip64(keyBytes, message) {
  const { h, l } = siphash.hash(sipKeyWords(keyBytes), Uint8Array.from(message));
  return (BigInt(h >>> 0) << 32n) | BigInt(l >>> 0);
}

// --- The package against the SipHash paper (vectors_sip64: key 00..0f, message 00 01 ..
// of length n; expected output bytes, little-endian) -------------------------------------
const paperVectors = {
  0: '310e0edd47db6f72',
  1: 'fd67dc93c539f874',
  7: '37d1018bf50002ab',
  8: '6224939a79f5f593',
  9: 'b0e4a90bdf82009e',
  10: 'f3b9dd94c5bb5d7a',
  15: 'e545be4961ca29a1',
  16: 'db9bc2577fcc2a3f',
  63: '724506eb4c328a95',
};
{
  const paperKey = Buffer.from([...Array(16).keys()]);
  for (const [length, expectedLe] of Object.entries(paperVectors)) {
    const message = [...Array(Number(length)).keys()];
    const expected = Buffer.from(expectedLe, 'hex').readBigUInt64LE(0);
    const got = sip64(paperKey, message);
    if (got !== expected) fail(`siphash@${siphashVersion} fails the paper's vector of length ${length}`);
  }
}

// --- UUIDs ------------------------------------------------------------------------------
function uuidBytes(text) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text)) fail(`bad UUID ${text}`);
  return Buffer.from(text.replace(/-/g, ''), 'hex');
}

function uuidText(bytes) {
  const hex = Buffer.from(bytes).toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

const versionOf = (bytes) => bytes[6] >> 4;
const isRfcVariant = (bytes) => (bytes[8] & 0xc0) === 0x80;

// --- The specification -------------------------------------------------------------------
// SipHash message: 10 bytes of the random bits, [b6 & 0x0F][b7][b8 & 0x3F][b9..b15].
function sipMessage(bytes) {
  return [bytes[6] & 0x0f, bytes[7], bytes[8] & 0x3f, ...bytes.subarray(9, 16)];
}

// The 48-bit big-endian field at bytes 0..5 XORed with the low 48 bits of the SipHash
// output; version nibble set; variant set to 10.
function xorTimeField(bytes, keyBytes, version) {
  const out = Buffer.from(bytes);
  const mask48 = sip64(keyBytes, sipMessage(bytes)) & 0xffffffffffffn;
  const time48 = out.readUIntBE(0, 6);
  // 48-bit values fit a double exactly; XOR them as BigInts to avoid 32-bit operators.
  out.writeUIntBE(Number(BigInt(time48) ^ mask48), 0, 6);
  out[6] = (out[6] & 0x0f) | (version << 4);
  out[8] = (out[8] & 0x3f) | 0x80;
  return out;
}

function encodeFacade(v7Text, keyText) {
  const v7 = uuidBytes(v7Text);
  if (versionOf(v7) !== 7 || !isRfcVariant(v7)) fail(`not an RFC 9562 v7: ${v7Text}`);
  const keyBytes = keyBytesFromText(keyText);
  const facade = xorTimeField(v7, keyBytes, 4);
  const back = xorTimeField(facade, keyBytes, 7);
  if (!back.equals(v7)) fail(`no round trip for ${v7Text}`);
  return uuidText(facade);
}

// --- This reading of the specification against published façades ------------------------
// n2p5/uuid47 (Go) uuid47_test.go TestExactCCompatibility, "generated from the C
// implementation", also in the READMEs of n2p5/uuid47 and taiseiue/UUIDv47Sharp. Their key
// is k0 = 0x0123456789abcdef, k1 = 0xfedcba9876543210, whose bytes (little-endian words) are
// written "efcdab8967452301:1032547698badcfe".
const publishedKey = 'efcdab8967452301:1032547698badcfe';
const publishedVectors = [
  ['018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f', '2463c780-7fca-4def-8c3f-7b1a2c4d5e6f'],
  ['00000000-0000-7000-8000-000000000000', '22d97126-9609-4000-8000-000000000000'],
  ['00000000-007b-7aaa-8123-456789abcdef', 'b108050e-46b6-4aaa-8123-456789abcdef'],
  ['00000010-007b-7aad-9032-547698badcfe', 'bc75bd50-97ef-4aad-9032-547698badcfe'],
  ['00000020-007b-7aa4-a301-6745ab89efcd', 'a3e09c87-bf85-4aa4-a301-6745ab89efcd'],
];
for (const [v7, facade] of publishedVectors) {
  const got = encodeFacade(v7, publishedKey);
  if (got !== facade) fail(`published vector ${v7}: expected ${facade}, computed ${got}`);
}

// --- The vectors ------------------------------------------------------------------------
const keys = [
  '0001020304050607:08090a0b0c0d0e0f', // the SipHash paper's key
  '0011223344556677:8899aabbccddeeff', // uuidv47's README and SQL test
  publishedKey,
  '0000000000000000:0000000000000000',
  'ffffffffffffffff:ffffffffffffffff',
  '8F3A61D2C4B7E905:1D6C2E8BA4F07359', // upper case digits
];

const v7s = [
  '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', // RFC 9562 A.6
  '017f22e2-79b0-7000-8000-000000000000', // A.6's millisecond, random bits all zero
  '017f22e2-79b0-7fff-bfff-ffffffffffff', // A.6's millisecond, random bits all one
  '00000000-0000-7000-8000-000000000000', // the smallest v7
  'ffffffff-ffff-7fff-bfff-ffffffffffff', // the largest v7
  ...publishedVectors.map(([v7]) => v7),
];

// SplitMix64 from a fixed seed: reproducible pseudo-random v7s, every bit pattern possible.
let state = 0x5555aaaa12345678n;
function next64() {
  state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return z ^ (z >> 31n);
}
for (let i = 0; i < 50; i++) {
  const bytes = Buffer.alloc(16);
  bytes.writeBigUInt64BE(next64(), 0);
  bytes.writeBigUInt64BE(next64(), 8);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  v7s.push(uuidText(bytes));
}

const lines = [
  `// Generated by test/clients/node/uuidv47_vectors.js with siphash@${siphashVersion}: do not edit.`,
  '// {key text, v7, façade}, the façade computed from the uuidv47 specification.',
];
for (const keyText of keys) {
  for (const v7 of v7s) {
    lines.push(`{"${keyText}", uuid_from_canonical("${v7}"), uuid_from_canonical("${encodeFacade(v7, keyText)}")},`);
  }
}
process.stdout.write(lines.join('\n') + '\n');
