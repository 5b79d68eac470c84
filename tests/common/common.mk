# tests/common — what the CUnit programs share: cunit_run.c, the body of
# every main() (tables of tests registered, run, CUnit's summary, exit
# status). Included first from tests/tests.mk, so that every fragment after
# it (tests/*, bench/) can link $(CUNIT_RUN) and find cunit_run.h.
CUNIT_RUN := $(B)/tests/common/cunit_run.o

$(B)/tests/%.o: CPPFLAGS_ALL += -Itests/common
