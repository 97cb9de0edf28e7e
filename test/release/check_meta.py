#!/usr/bin/python3
"""Checks META.json against the PGXN Meta Spec 1.0.0 (https://pgxn.org/spec/): every
required field present with its type, every optional field that is present well formed,
semantic versions where the spec wants them, and the release consistent with the tree
(the control file's version, the files it names). Prints one line per problem and exits
1 if there is any. Usage: check_meta.py META.json (from the top of the tree)."""
import json
import os
import re
import sys

SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$")
RANGE_PART = re.compile(r"^(==|!=|>=|<=|>|<)?\s*(\S+)$")
LICENSES = {
    "agpl_3", "apache_1_1", "apache_2_0", "artistic_1", "artistic_2", "bsd", "freebsd", "gfdl_1_2",
    "gfdl_1_3", "gpl_1", "gpl_2", "gpl_3", "lgpl_2_1", "lgpl_3_0", "mit", "mozilla_1_0", "mozilla_1_1",
    "openssl", "perl_5", "postgresql", "qpl_1_0", "ssleay", "sun", "zlib", "open_source", "restricted",
    "unrestricted", "unknown",
}
PHASES = {"configure", "build", "test", "runtime", "develop"}
RELATIONS = {"requires", "recommends", "suggests", "conflicts"}
TOP_LEVEL = {
    "name", "abstract", "description", "version", "maintainer", "license", "provides", "prereqs",
    "release_status", "resources", "tags", "no_index", "generated_by", "meta-spec",
}

problems = []


def problem(text):
    problems.append(text)


def is_string(value):
    return isinstance(value, str) and value.strip() != ""


def check_version(where, value):
    if not (isinstance(value, str) and SEMVER.match(value)):
        problem(f"{where}: {value!r} is not a semantic version")


def check_range(where, value):
    # "0" (any version), a semantic version, or comma-separated comparisons.
    if value == 0 or value == "0":
        return
    if not isinstance(value, str):
        problem(f"{where}: {value!r} is not a version range")
        return
    for part in value.split(","):
        match = RANGE_PART.match(part.strip())
        if not match:
            problem(f"{where}: {part!r} is not a version comparison")
        else:
            check_version(where, match.group(2))


def main(path):
    with open(path, encoding="utf-8") as f:
        meta = json.load(f)
    if not isinstance(meta, dict):
        problem("the document is not an object")
        return

    for key in sorted(set(meta) - TOP_LEVEL):
        if not key.startswith("x_") and not key.startswith("X_"):
            problem(f"{key}: not a field of the spec (custom fields start with x_)")
    for key in ("name", "abstract", "version", "maintainer", "license", "provides", "meta-spec"):
        if key not in meta:
            problem(f"{key}: required, missing")

    if "name" in meta and not (is_string(meta["name"]) and re.match(r"^[A-Za-z0-9_-]{2,}$", meta["name"])):
        problem(f"name: {meta['name']!r} must be at least two letters, digits, '_' or '-'")
    for key in ("abstract", "description", "generated_by"):
        if key in meta and not is_string(meta[key]):
            problem(f"{key}: must be a non-empty string")
    if "version" in meta:
        check_version("version", meta["version"])

    maintainer = meta.get("maintainer")
    if maintainer is not None and not (is_string(maintainer) or (
            isinstance(maintainer, list) and maintainer and all(is_string(m) for m in maintainer))):
        problem("maintainer: must be a string or a non-empty list of strings")

    license_ = meta.get("license")
    if isinstance(license_, str):
        if license_ not in LICENSES:
            problem(f"license: {license_!r} is not one of the spec's license strings")
    elif isinstance(license_, list):
        for item in license_:
            if item not in LICENSES:
                problem(f"license: {item!r} is not one of the spec's license strings")
    elif isinstance(license_, dict):
        if not license_ or not all(is_string(k) and is_string(v) for k, v in license_.items()):
            problem("license: an object must map names to URLs")
    elif license_ is not None:
        problem("license: must be a string, a list or an object")

    provides = meta.get("provides")
    if provides is not None:
        if not isinstance(provides, dict) or not provides:
            problem("provides: must be a non-empty object")
        else:
            for name, entry in provides.items():
                where = f"provides.{name}"
                if not isinstance(entry, dict):
                    problem(f"{where}: must be an object")
                    continue
                for key in ("file", "version"):
                    if key not in entry:
                        problem(f"{where}.{key}: required, missing")
                if "version" in entry:
                    check_version(f"{where}.version", entry["version"])
                for key in ("file", "docfile"):
                    if key in entry and not (is_string(entry[key]) and os.path.isfile(entry[key])):
                        problem(f"{where}.{key}: {entry[key]!r} is not a file of the tree")
                for key in sorted(set(entry) - {"file", "version", "abstract", "docfile"}):
                    if not key.lower().startswith("x_"):
                        problem(f"{where}.{key}: not a field of the spec")

    prereqs = meta.get("prereqs")
    if prereqs is not None:
        if not isinstance(prereqs, dict):
            problem("prereqs: must be an object")
        else:
            for phase, relations in prereqs.items():
                if phase not in PHASES:
                    problem(f"prereqs.{phase}: not a phase of the spec")
                    continue
                for relation, requirements in relations.items():
                    if relation not in RELATIONS:
                        problem(f"prereqs.{phase}.{relation}: not a relationship of the spec")
                        continue
                    for name, version_range in requirements.items():
                        check_range(f"prereqs.{phase}.{relation}.{name}", version_range)

    if "release_status" in meta and meta["release_status"] not in ("stable", "testing", "unstable"):
        problem("release_status: must be stable, testing or unstable")
    if "tags" in meta:
        tags = meta["tags"]
        if not (isinstance(tags, list) and tags and all(is_string(t) and len(t) <= 255 for t in tags)):
            problem("tags: must be a non-empty list of strings of at most 255 characters")
    if "no_index" in meta:
        no_index = meta["no_index"]
        if not isinstance(no_index, dict) or set(no_index) - {"file", "directory"} or not all(
                isinstance(v, list) and all(is_string(x) for x in v) for v in no_index.values()):
            problem("no_index: must map file and directory to lists of strings")
    if "resources" in meta:
        resources = meta["resources"]
        if not isinstance(resources, dict) or set(resources) - {"homepage", "bugtracker", "repository"}:
            problem("resources: only homepage, bugtracker and repository")

    spec = meta.get("meta-spec")
    if spec is not None and not (isinstance(spec, dict) and spec.get("version") == "1.0.0"):
        problem("meta-spec.version: must be 1.0.0")

    # The release and the tree agree.
    with open("uuidx.control", encoding="utf-8") as f:
        control = dict(re.findall(r"^(\w+)\s*=\s*'([^']*)'", f.read(), re.M))
    if meta.get("version") != control.get("default_version"):
        problem(f"version: {meta.get('version')!r}, but uuidx.control's default_version is "
                f"{control.get('default_version')!r}")
    entry = (provides or {}).get("uuidx", {})
    if entry.get("version") != control.get("default_version"):
        problem("provides.uuidx.version: must be uuidx.control's default_version")
    # The current version's script is built by make from sql/uuidx.sql (sql/README.md).
    if entry.get("file") != "sql/uuidx.sql":
        problem("provides.uuidx.file: must be sql/uuidx.sql, the source of the current version's script")
    # uuidx_sql, the SQL edition: its own control file and version; PGXN wants three parts,
    # so a control file's version of two ('1.0') is given as its first release ('1.0.0').
    with open("uuidx_sql.control", encoding="utf-8") as f:
        sql_control = dict(re.findall(r"^(\w+)\s*=\s*'([^']*)'", f.read(), re.M))
    sql_version = sql_control.get("default_version", "")
    sql_version += ".0" if sql_version.count(".") == 1 else ""
    entry = (provides or {}).get("uuidx_sql", {})
    if entry.get("version") != sql_version:
        problem(f"provides.uuidx_sql.version: must be {sql_version!r}, uuidx_sql.control's default_version")
    if entry.get("file") != "uuidx_sql.control":
        problem("provides.uuidx_sql.file: must be uuidx_sql.control, the SQL edition's control file")
    if ((prereqs or {}).get("runtime", {}).get("requires", {}).get("PostgreSQL")) is None:
        problem("prereqs.runtime.requires.PostgreSQL: the supported range is missing")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "META.json")
    for line in problems:
        print(f"META.json: {line}")
    if not problems:
        print("META.json: valid PGXN Meta Spec 1.0.0, consistent with uuidx.control and uuidx_sql.control")
    sys.exit(1 if problems else 0)
