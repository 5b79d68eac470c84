/* cunit_run.c — see cunit_run.h. */
#include "cunit_run.h"

#include <stdio.h>
#include <stdlib.h>

static void refused(const char *what, const char *name)
{
    fprintf(stderr, "cunit_run: CUnit refused %s \"%s\": %s\n", what, name, CU_get_error_msg());
    exit(2);
}

void cunit_add_suite(const char *name, CU_InitializeFunc init, CU_CleanupFunc clean,
                     const cunit_test *tests, size_t n)
{
    CU_pSuite s;
    if (CU_get_registry() == NULL && CU_initialize_registry() != CUE_SUCCESS)
        refused("the registry for", name);
    s = CU_add_suite(name, init, clean);
    if (s == NULL)
        refused("the suite", name);
    for (size_t i = 0; i < n; i++)
        if (CU_add_test(s, tests[i].name, tests[i].fn) == NULL)
            refused("the test", tests[i].name);
}

int cunit_run(CU_BasicRunMode mode)
{
    CU_ErrorCode ran;
    unsigned failed;
    if (CU_get_registry() == NULL)
        return 2;
    CU_basic_set_mode(mode);
    ran = CU_basic_run_tests();
    /* A suite whose init fails runs none of its tests and counts only in
     * the last term (CU_basic_run_tests then also returns CUE_SINIT_FAILED). */
    failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed()
             + CU_get_number_of_suites_failed();
    if (ran != CUE_SUCCESS && failed == 0) {
        fprintf(stderr, "cunit_run: CUnit could not run the tests: %s\n", CU_get_error_msg());
        failed = 1;
    }
    CU_cleanup_registry();
    return failed == 0 ? 0 : 1;
}

int cunit_main(const char *name, const cunit_test *tests, size_t n, CU_BasicRunMode mode)
{
    cunit_add_suite(name, NULL, NULL, tests, n);
    return cunit_run(mode);
}
