# The builds of test/run-hardening.sh: the product's own Makefile, included, with sanitizers
# added. Run from the top of a copy of the tree (the objects are built in place):
#   make -f test/hardening.mk PG_CONFIG=...                      uuidx.so with UBSan (g++)
#   make -f test/hardening.mk PG_CONFIG=... FAULT_INJECTION=1    the same, with the fault
#                                                                switch of test/hardening/fault_injection.cpp
#   make -f test/hardening.mk build/unit_tests PG_CONFIG=/bin/false CXX=clang++-14 \
#       SANITIZERS=address,undefined                             the core's unit tests
#   make -f test/hardening.mk fuzz-targets PG_CONFIG=/bin/false  one libFuzzer binary per test/fuzz/*.cpp

# Makefile.global takes a makefile outside the current directory for a VPATH build with
# srcdir = test/; the sources are here.
VPATH = .

# -fno-wrapv after PGXS's -fwrapv: signed overflow is undefined again, so UBSan reports it.
SANITIZERS ?= undefined
SANITIZER_FLAGS = -fsanitize=$(SANITIZERS) -fno-sanitize-recover=all -fno-wrapv -fno-omit-frame-pointer

# Set before the Makefile appends its own flags and PGXS expands them.
PG_CXXFLAGS = $(SANITIZER_FLAGS)
ifdef FAULT_INJECTION
TEST_BUILD_OBJS = test/hardening/fault_injection.o
endif

NO_PGXS_GOALS = fuzz-targets
include Makefile

CORE_CXXFLAGS += $(SANITIZER_FLAGS)
# PGXS links with the C driver, which adds a sanitizer's runtime only when asked.
SHLIB_LINK += -fsanitize=$(SANITIZERS)
ifdef FAULT_INJECTION
SHLIB_LINK += -Wl,--wrap=RAND_bytes -Wl,--wrap=EVP_DigestUpdate -Wl,--wrap=get_opfamily_member -Wl,--wrap=LWLockAcquire
endif

# ---- libFuzzer targets -----------------------------------------------------------------
FUZZ_CXX = clang++-14
FUZZ_CXXFLAGS = -std=c++17 -O1 -g $(WARNINGS) -Isrc/core -fsanitize=fuzzer-no-link,address,undefined \
                -fno-sanitize-recover=all -fno-wrapv -fno-omit-frame-pointer
FUZZ_CORE_OBJS = $(CORE_SRCS:src/core/%.cpp=build/fuzz/core/%.o)
FUZZ_TARGETS = $(patsubst test/fuzz/%.cpp,build/fuzz/%,$(wildcard test/fuzz/*.cpp))

$(FUZZ_CORE_OBJS): build/fuzz/core/%.o: src/core/%.cpp $(wildcard src/core/*.hpp)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -c -o $@ $<

$(FUZZ_TARGETS): build/fuzz/%: test/fuzz/%.cpp $(FUZZ_CORE_OBJS) $(wildcard test/fuzz/*.hpp test/unit/*.hpp src/core/*.hpp)
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_CORE_OBJS) -lcrypto -lpthread

.PHONY: fuzz-targets
fuzz-targets: $(FUZZ_TARGETS)
