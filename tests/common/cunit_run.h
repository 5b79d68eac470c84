/* cunit_run.h — the one main() body of every CUnit program in the tree:
 * each suite is a table of tests registered in one call, and one call runs
 * them all, prints CUnit's summary and gives the exit status. */
#ifndef CUNIT_RUN_H
#define CUNIT_RUN_H

#include <stddef.h>

#include <CUnit/Basic.h>

typedef struct {
    const char *name;
    CU_TestFunc fn;
} cunit_test;

#define CUNIT_COUNT(table) (sizeof (table) / sizeof (table)[0])

/* Registers a suite named name with init and clean (either may be NULL)
 * and the n tests of tests, in order, creating CUnit's registry on first
 * use. A suite or test that CUnit refuses to register exits the program
 * with status 2 and a message on stderr: a test left out must not read as
 * passed. */
void cunit_add_suite(const char *name, CU_InitializeFunc init, CU_CleanupFunc clean,
                     const cunit_test *tests, size_t n);

/* The common case: a suite without init and clean, from a whole table. */
#define CUNIT_SUITE(name, table) cunit_add_suite((name), NULL, NULL, (table), CUNIT_COUNT(table))

/* Runs every registered suite with CUnit's basic interface in mode
 * (CU_BRM_NORMAL prints failures and the summary, CU_BRM_VERBOSE each test
 * too), then frees the registry. Returns the exit status for main: 0 when
 * every assertion, test and suite passed, 1 when any failed (or CUnit
 * reported an error while running them), 2 when nothing was registered. */
int cunit_run(CU_BasicRunMode mode);

/* The whole body of main() for a program of one suite without init and
 * clean: registers the table as suite name, then runs it as cunit_run
 * does and returns its status. */
int cunit_main(const char *name, const cunit_test *tests, size_t n, CU_BasicRunMode mode);
#define CUNIT_MAIN(name, table, mode) cunit_main((name), (table), CUNIT_COUNT(table), (mode))

#endif
