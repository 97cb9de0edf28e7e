# uuidx: built with PGXS. The C++17 core (src/core) is compiled without PostgreSQL's
# include paths, so a PostgreSQL header there is a build error, not a review comment.

EXTENSION    = uuidx
EXTVERSION   = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" uuidx.control)
MODULE_big   = uuidx
CORE_SRCS    = $(sort $(wildcard src/core/*.cpp))
PG_SRCS      = $(sort $(wildcard src/pg/*.cpp src/pg/planner/*.cpp))
# TEST_BUILD_OBJS: what a test build links in besides the product (test/hardening.mk).
OBJS         = $(CORE_SRCS:.cpp=.o) $(PG_SRCS:.cpp=.o) $(TEST_BUILD_OBJS)

# The extension's scripts. Those of released versions are frozen: committed, never built
# again, their SHA-256 pinned in sql/released.sha256 (the test command checks them). The
# version under development, NEXT_VERSION, is built from one source, sql/uuidx.sql: its full
# script and the upgrade to it from LAST_RELEASE (sql/build-script.awk, sql/README.md).
# NEXT_VERSION is empty between a release and the first change of the next version: then
# nothing is built, and sql/uuidx.sql is LAST_RELEASE's source.
LAST_RELEASE     = 1.3.3
NEXT_VERSION     =
RELEASED_SCRIPTS = sql/uuidx--1.0.sql sql/uuidx--1.0--1.1.0.sql sql/uuidx--1.1.0.sql \
                   sql/uuidx--1.1.0--1.2.0.sql sql/uuidx--1.2.0.sql sql/uuidx--1.2.0--1.3.0.sql \
                   sql/uuidx--1.3.0.sql sql/uuidx--1.3.0--1.3.1.sql sql/uuidx--1.3.1.sql \
                   sql/uuidx--1.3.1--1.3.2.sql sql/uuidx--1.3.2.sql \
                   sql/uuidx--1.3.2--1.3.3.sql sql/uuidx--1.3.3.sql \
                   sql/uuidx_sql--1.0.sql
BUILT_SCRIPTS    = $(if $(NEXT_VERSION),sql/uuidx--$(NEXT_VERSION).sql sql/uuidx--$(LAST_RELEASE)--$(NEXT_VERSION).sql)
DATA             = $(RELEASED_SCRIPTS)
DATA_built       = $(BUILT_SCRIPTS)

# pg_regress: inputs in sql/, expected outputs in expected/ (PGXS's layout; sql/README.md
# says which file in sql/ is what). Every file runs alone (make installcheck REGRESS=inspect):
# pg_regress creates uuidx in the test database first (--load-extension), and the files that
# test creating and dropping it (untouched_catalog, extension_update, ossp_coexistence) say
# so and leave the database as they found it.
REGRESS      = untouched_catalog extension_update ossp_coexistence catalog inspect generate_v7 uuidv7_shift uuidv7_infinity \
               generate_v6_v1 name_based name_based_v3 family_misc time_range range_plans time_predicates time_order \
               time_buckets partitions hash_partitions foreign_bounds migration_guide switch_to_uuidx text_forms bad_input builtin_parity \
               base32hex_parity order_floor commit_horizon
REGRESS_OPTS = --inputdir=. --load-extension=$(EXTENSION)
# isolationtester: specs/NAME.spec against expected/NAME.out, what concurrent sessions see
# step by step. `make installcheck` runs them after REGRESS; ISOLATION= leaves them out.
ISOLATION      = commit_horizon_steps
ISOLATION_OPTS = --load-extension=$(EXTENSION)
# REGRESS_SKIP=name... leaves tests out (debian/rules, for the build-time test).
REGRESS     := $(filter-out $(REGRESS_SKIP),$(REGRESS))

WARNINGS     = -Wall -Wextra -Werror
# No C++ exceptions anywhere in uuidx (the core and the PostgreSQL side): a `throw` is a
# compile error, so none can cross into PostgreSQL, whose errors longjmp (src/pg/door.hpp).
NO_EXCEPTIONS = -fno-exceptions
# PostgreSQL headers: PG_FUNCTION_ARGS is not always read, and 15 still says "register".
# The version PostgreSQL 18 records in the library's magic block.
PG_CPPFLAGS += -DUUIDX_VERSION='"$(EXTVERSION)"'
PG_CXXFLAGS += -std=c++17 $(NO_EXCEPTIONS) $(WARNINGS) -Wno-unused-parameter -Wno-register
SHLIB_LINK  += -lcrypto -lstdc++
EXTRA_CLEAN  = build/unit_tests results regression.diffs regression.out

# The core's unit tests need no PostgreSQL: `make unit` works without a pg_config (as do
# the goals test/hardening.mk adds to NO_PGXS_GOALS).
NO_PGXS_GOALS += unit build/unit_tests dist deb print-% scripts format sql-edition sql-edition-from-source
PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs 2>/dev/null)
ifneq ($(PGXS),)
include $(PGXS)
else ifeq ($(filter $(NO_PGXS_GOALS),$(MAKECMDGOALS)),)
$(error $(PG_CONFIG) not found: install postgresql-server-dev-NN or set PG_CONFIG)
endif

# PGXS's CXXFLAGS are those of the compiler PostgreSQL was built with (g++). Built with
# CXX=clang++ (the test command checks both compilers), drop the options clang lacks, and
# accept pg_config.h's gnu_printf format attribute, as PGXS's own clang (bitcode) rule does.
ifneq ($(findstring clang,$(CXX)),)
override CXXFLAGS := $(filter-out -Wimplicit-fallthrough=% -Wshadow=%,$(CXXFLAGS)) -Wno-ignored-attributes
endif

# Debian's server is built with LLVM JIT, so PGXS also compiles each .cpp to bitcode
# with clang; that rule does not see PG_CXXFLAGS.
BITCODE_CXXFLAGS += -std=c++17 $(NO_EXCEPTIONS) -Wno-register

# The core: the shortest-stem pattern rule wins over PGXS's %.o, so these objects are
# built with no PostgreSQL include path at all.
CORE_CXXFLAGS = -std=c++17 -O2 -g -fPIC -fvisibility=hidden $(NO_EXCEPTIONS) $(WARNINGS)
src/core/%.o: src/core/%.cpp $(wildcard src/core/*.hpp)
	$(CXX) $(CORE_CXXFLAGS) -c -o $@ $<
src/core/%.bc: src/core/%.cpp $(wildcard src/core/*.hpp)
	$(CLANG) -xc++ -std=c++17 $(NO_EXCEPTIONS) -O2 -flto=thin -emit-llvm -c -o $@ $<
$(PG_SRCS:.cpp=.o): $(wildcard src/core/*.hpp src/pg/*.hpp src/pg/planner/*.hpp)

ifneq ($(NEXT_VERSION),)
sql/uuidx--$(NEXT_VERSION).sql: sql/uuidx.sql sql/build-script.awk
	awk -v script=full -v version=$(NEXT_VERSION) -f sql/build-script.awk $< >$@.tmp && mv $@.tmp $@
sql/uuidx--$(LAST_RELEASE)--$(NEXT_VERSION).sql: sql/uuidx.sql sql/build-script.awk
	awk -v script=upgrade -v version=$(NEXT_VERSION) -v from=$(LAST_RELEASE) -f sql/build-script.awk $< >$@.tmp && mv $@.tmp $@
endif

# ---- uuidx_sql: the SQL edition (src/sql; docs/ARCHITECTURE.md, "The SQL edition") ----
# Its scripts are built from src/sql by src/sql/build.awk, with the C edition's shared
# descriptions taken from sql/uuidx.sql: the extension's script, which `make install` puts
# beside uuidx_sql.control, and the plain script and its uninstall script, for servers where
# no extension of one's own can be installed. src/sql/pgtle.awk wraps the extension's scripts
# into a script for pg_tle. `make install` also puts those three into the server's
# contrib/uuidx_sql/ (where Debian's packages keep an extension's other scripts), and they are
# left at the top of the tree. SQL_EDITION_SOURCES is in the order of the scripts.
SQL_EDITION_VERSION   = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" uuidx_sql.control)
SQL_EDITION_SOURCES   = src/sql/prologue.sql src/sql/internal.sql src/sql/generators.sql \
                        src/sql/inspection.sql src/sql/deterministic.sql src/sql/time_bounds.sql \
                        src/sql/text_forms.sql
SQL_EDITION_EXTENSION = sql/uuidx_sql--$(SQL_EDITION_VERSION).sql
# Its released versions' scripts are frozen as uuidx's are (in RELEASED_SCRIPTS, pinned in
# sql/released.sha256): while the control file names a released version, make builds no
# extension script, and the test command checks that src/sql still builds the frozen one.
SQL_EDITION_RELEASED  = $(filter $(SQL_EDITION_EXTENSION),$(RELEASED_SCRIPTS))
SQL_EDITION_PLAIN     = uuidx_sql.sql uuidx_sql_uninstall.sql
SQL_EDITION_PGTLE     = uuidx_sql_pgtle.sql
# pg_tle gets the current version's script and the update scripts that lead to it.
SQL_EDITION_UPDATES   = $(wildcard sql/uuidx_sql--*--$(SQL_EDITION_VERSION).sql)
DATA       += uuidx_sql.control
DATA_built += $(if $(SQL_EDITION_RELEASED),,$(SQL_EDITION_EXTENSION))
EXTRA_CLEAN += $(SQL_EDITION_PLAIN) $(SQL_EDITION_PGTLE)
# Its pg_regress files: not in REGRESS, as they do not depend on the server mode; the test
# command runs them once per major (test/run-major.sh), `make installcheck REGRESS=NAME` alone.
SQL_EDITION_REGRESS = sql_edition sql_edition_differential
all: $(SQL_EDITION_EXTENSION) $(SQL_EDITION_PLAIN) $(SQL_EDITION_PGTLE)
sql-edition: $(SQL_EDITION_EXTENSION) $(SQL_EDITION_PLAIN) $(SQL_EDITION_PGTLE)
sql_edition_script = awk -v kind=$(1) -v version=$(SQL_EDITION_VERSION) -v prologue=src/sql/prologue.sql \
                     -f src/sql/build.awk sql/uuidx.sql $(SQL_EDITION_SOURCES)
# The extension's script as src/sql builds it, on standard output (test/run-source.sh).
sql-edition-from-source:
	@$(call sql_edition_script,extension)
ifeq ($(SQL_EDITION_RELEASED),)
$(SQL_EDITION_EXTENSION): $(SQL_EDITION_SOURCES) src/sql/build.awk sql/uuidx.sql uuidx_sql.control
	$(call sql_edition_script,extension) >$@.tmp && mv $@.tmp $@
endif
uuidx_sql.sql: $(SQL_EDITION_SOURCES) src/sql/build.awk sql/uuidx.sql uuidx_sql.control
	$(call sql_edition_script,plain) >$@.tmp && mv $@.tmp $@
uuidx_sql_uninstall.sql: $(SQL_EDITION_SOURCES) src/sql/build.awk sql/uuidx.sql uuidx_sql.control
	$(call sql_edition_script,uninstall) >$@.tmp && mv $@.tmp $@
$(SQL_EDITION_PGTLE): src/sql/pgtle.awk uuidx_sql.control $(SQL_EDITION_EXTENSION) $(SQL_EDITION_UPDATES)
	awk -f src/sql/pgtle.awk uuidx_sql.control $(SQL_EDITION_EXTENSION) $(SQL_EDITION_UPDATES) >$@.tmp && mv $@.tmp $@
SQL_EDITION_SCRIPTS_DIR = $(DESTDIR)$(datadir)/contrib/uuidx_sql
install: install-sql-edition-scripts
install-sql-edition-scripts: $(SQL_EDITION_PLAIN) $(SQL_EDITION_PGTLE)
	$(MKDIR_P) '$(SQL_EDITION_SCRIPTS_DIR)'
	$(INSTALL_DATA) $^ '$(SQL_EDITION_SCRIPTS_DIR)/'
uninstall: uninstall-sql-edition-scripts
uninstall-sql-edition-scripts:
	rm -rf '$(SQL_EDITION_SCRIPTS_DIR)'

# ---- unit tests of the core (GoogleTest) -------------------------------------------
UNIT_SRCS = $(sort $(wildcard test/unit/*.cpp))
build/unit_tests: $(CORE_SRCS) $(UNIT_SRCS) $(wildcard src/core/*.hpp test/unit/*.hpp)
	@mkdir -p build
	$(CXX) $(CORE_CXXFLAGS) -Isrc/core -o $@ $(CORE_SRCS) $(UNIT_SRCS) -lgtest -lgtest_main -lcrypto -lpthread

# ---- the PGXN release -------------------------------------------------------------
# uuidx-VERSION.zip from the committed tree (git archive): what building, installing and
# `make installcheck` need, and the documentation the README links (docs/), nothing else.
# test/run-release.sh builds and tests it.
DIST_FILES = LICENSE META.json Makefile README.md CHANGELOG.md uuidx.control uuidx_sql.control docs sql specs src expected
dist:
	git archive --format=zip --prefix=$(EXTENSION)-$(EXTVERSION)/ -o $(EXTENSION)-$(EXTVERSION).zip HEAD $(DIST_FILES)

# Debian packages for every supported major, each built and tested in its suite's root
# file system (test/run-packages.sh); UUIDX_PACKAGE_MAJORS=15 for one.
deb:
	bash test/run-packages.sh

# The C++ style (.clang-format), applied to every C++ file of the tree; the test command's
# source check fails on a file that differs from it.
FORMATTED = $(sort $(wildcard src/*/*.cpp src/*/*.hpp src/pg/planner/*.cpp src/pg/planner/*.hpp test/*/*.cpp test/*/*.hpp))
format:
	clang-format -i $(FORMATTED)

# `make print-VARIABLE` prints a variable: the scripts ask the Makefile for what it knows
# (EXTVERSION, REGRESS) rather than reading its sources a second time.
print-%:
	@echo $($*)

# The built scripts alone (no PostgreSQL needed).
scripts: $(BUILT_SCRIPTS)

.PHONY: unit test run bench dist deb scripts format sql-edition sql-edition-from-source install-sql-edition-scripts uninstall-sql-edition-scripts
unit: build/unit_tests
	build/unit_tests

# The README's commands: each installs what a fresh machine lacks.
test:
	bash test/run-tests.sh
run:
	bash test/demo.sh
bench:
	bash test/bench.sh
