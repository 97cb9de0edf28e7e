#!/usr/bin/python3
"""uuidx through psycopg 3 (Debian's python3-psycopg), as a Python application sees it:
values arrive as uuid.UUID of the right version in text and binary results; Python's
uuid module agrees with uuidx on v1's fields (time, clock_seq, node) and on v3/v5 for
thousands of names; uuid.UUID parameters reach every uuidx function that takes a uuid.
Connects with libpq's environment (PGHOST, PGDATABASE...) to a database where uuidx is
created. Prints one line per check; exits 1 on the first failure."""
import datetime
import random
import sys
import uuid

import psycopg

GREGORIAN_TO_UNIX_100NS = 0x01B21DD213814000
UNIX_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}")
        sys.exit(1)
    print(f"ok: {what}")


def names():
    """Empty, ASCII, non-ASCII (Latin, CJK, emoji, combining marks) and random names."""
    fixed = ["", "www.example.com", "Grüße", "日本語", "😀 emoji", "e\u0301", "a" * 1000, " ", "\t"]
    generator = random.Random(9562)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-./:äöüßéñçøå漢字かなКириллица😀"
    drawn = ["".join(generator.choice(alphabet) for _ in range(generator.randint(0, 40))) for _ in range(3000)]
    return fixed + drawn


def main():
    with psycopg.connect("", autocommit=True) as connection:
        for binary in (False, True):
            protocol = "binary" if binary else "text"
            with connection.cursor(binary=binary) as cursor:
                generators = {
                    "uuid_generate_v7()": 7, "uuid_generate_v6()": 6, "public.uuidv4()": 4, "uuidv1()": 1,
                    "uuidv3(uuid_namespace('dns'), 'x')": 3, "uuidv5(uuid_namespace('dns'), 'x')": 5,
                    "uuid_generate_v8('\\x00112233445566778899aabbccddeeff'::bytea)": 8,
                    "uuid_generate_v8_name(uuid_namespace('dns'), 'x')": 8,
                }
                for call, version in generators.items():
                    cursor.execute(f"SELECT {call}, public.uuid_extract_version({call}) FROM generate_series(1, 100)")
                    rows = cursor.fetchall()
                    check(all(isinstance(u, uuid.UUID) and u.version == version and
                              u.variant == uuid.RFC_4122 and db_version == version for u, db_version in rows),
                          f"{call} arrives as uuid.UUID version {version} ({protocol})")
                cursor.execute("SELECT array_agg(uuid_generate_v7() ORDER BY g) FROM generate_series(1, 1000) g")
                keys = cursor.fetchone()[0]
                check(keys == sorted(keys) and len(set(keys)) == 1000,
                      f"a uuid[] of 1000 v7 keys arrives in order, as Python sorts uuid.UUID ({protocol})")

            with connection.cursor(binary=binary) as cursor:
                cursor.execute("SELECT u, uuid_extract_clock_seq(u), uuid_extract_node(u)::text, uuid_extract_timestamp(u)"
                               " FROM (SELECT uuidv1() AS u FROM generate_series(1, 200)) AS v")
                for u, clock_seq, node, timestamp in cursor.fetchall():
                    micros = (u.time - GREGORIAN_TO_UNIX_100NS) // 10
                    if not (clock_seq == u.clock_seq and int(node.replace(":", ""), 16) == u.node and
                            timestamp == UNIX_EPOCH + datetime.timedelta(microseconds=micros)):
                        check(False, f"v1 fields of {u} agree with Python's ({protocol})")
                check(True, f"v1 time, clock_seq and node of 200 values agree with Python's uuid ({protocol})")

            with connection.cursor(binary=binary) as cursor:
                all_names = names()
                for namespace_name, namespace in (("dns", uuid.NAMESPACE_DNS), ("url", uuid.NAMESPACE_URL),
                                                  ("oid", uuid.NAMESPACE_OID), ("x500", uuid.NAMESPACE_X500)):
                    cursor.execute("SELECT name, uuidv3(%s, name), uuidv5(%s, name) FROM unnest(%s::text[]) AS name",
                                   (namespace, namespace, all_names))
                    rows = cursor.fetchall()
                    check(len(rows) == len(all_names) and all(
                        v3 == uuid.uuid3(namespace, name) and v5 == uuid.uuid5(namespace, name)
                        for name, v3, v5 in rows),
                        f"uuidv3/uuidv5 agree with Python for {len(all_names)} names in namespace {namespace_name}"
                        f" ({protocol})")
                cursor.execute("SELECT uuid_namespace('dns'), uuid_namespace('url'), uuid_namespace('oid'),"
                               " uuid_namespace('x500')")
                check(cursor.fetchone() == (uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, uuid.NAMESPACE_OID,
                                            uuid.NAMESPACE_X500),
                      f"uuid_namespace() gives Python's namespace UUIDs ({protocol})")

            # uuid.UUID parameters reach every uuidx function that takes a uuid.
            with connection.cursor(binary=binary) as cursor:
                v1 = uuid.UUID("c232ab00-9414-11ec-b3c8-9f6bdeced846")  # RFC 9562 A.1
                v6 = uuid.UUID("1ec9414c-232a-6b00-b3c8-9f6bdeced846")  # RFC 9562 A.5
                v7 = uuid.UUID("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")  # RFC 9562 A.6
                v4 = uuid.UUID("919108f7-52d1-4320-9bac-f847db4148a8")  # RFC 9562 A.3
                calls = [
                    ("public.uuid_extract_version(%s)", (v7,), 7),
                    ("uuid_extract_variant(%s)", (v7,), 2),
                    ("public.uuid_extract_timestamp(%s)", (v7,),
                     datetime.datetime(2022, 2, 22, 19, 22, 22, tzinfo=datetime.timezone.utc)),
                    ("uuid_extract_clock_seq(%s)", (v1,), 0x33C8),
                    ("uuid_extract_node(%s)::text", (v1,), "9f:6b:de:ce:d8:46"),
                    ("(uuid_inspect(%s)).version", (v6,), 6),
                    ("uuid_v1_to_v6(%s)", (v1,), v6),
                    ("uuid_v6_to_v1(%s)", (v6,), v1),
                    ("uuid_v7_to_timestamptz(%s)", (v7,),
                     datetime.datetime(2022, 2, 22, 19, 22, 22, tzinfo=datetime.timezone.utc)),
                    ("uuid_v7_to_timestamp(%s)", (v7,), datetime.datetime(2022, 2, 22, 19, 22, 22)),
                    ("public.uuid_extract_version(uuid_v4_to_v7(%s, now()))", (v4,), 7),
                    ("uuidv3(%s, 'www.example.com')", (uuid.NAMESPACE_DNS,),
                     uuid.uuid3(uuid.NAMESPACE_DNS, "www.example.com")),
                    ("uuidv5(%s, 'www.example.com')", (uuid.NAMESPACE_DNS,),
                     uuid.UUID("2ed6657d-e927-568b-95e1-2665a8aea6a2")),
                    ("public.uuid_extract_version(uuid_generate_v8_name(%s, 'x', 'sha256'))", (uuid.NAMESPACE_DNS,), 8),
                    ("uuid_v7_min(public.uuid_extract_timestamp(%s)) <= %s", (v7, v7), True),
                ]
                for sql, parameters, expected in calls:
                    cursor.execute("SELECT " + sql, parameters)
                    got = cursor.fetchone()[0]
                    check(got == expected, f"{sql % tuple('uuid.UUID' for _ in parameters)} = {expected!r} ({protocol})")


if __name__ == "__main__":
    main()
