/* Runs a fuzz target without libFuzzer: every file named on the command
 * line (directories are read one level deep, in name order) goes through
 * LLVMFuzzerTestOneInput once. This is how the committed corpora and crash
 * regressions run in `make test` with any compiler, under `make sanitize`
 * and under valgrind. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    uint8_t *buf;
    size_t n;
    if (f == NULL || fstat(fileno(f), &st) != 0) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        if (f != NULL)
            fclose(f);
        return -1;
    }
    n = (size_t)st.st_size;
    /* An exact-size heap copy, so that ASan and valgrind see reads past the end. */
    buf = malloc(n ? n : 1);
    if (buf == NULL || fread(buf, 1, n, f) != n) {
        fprintf(stderr, "%s: read failed\n", path);
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    size_t inputs = 0;
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "%s: %s\n", argv[i], strerror(errno));
            return 2;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad |= run_file(argv[i]) != 0;
            inputs++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        char **names = NULL;
        size_t n = 0, cap = 0;
        if (d == NULL) {
            fprintf(stderr, "%s: %s\n", argv[i], strerror(errno));
            return 2;
        }
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                names = realloc(names, cap * sizeof *names);
                if (names == NULL)
                    return 2;
            }
            size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
            names[n] = malloc(len);
            if (names[n] == NULL)
                return 2;
            snprintf(names[n], len, "%s/%s", argv[i], e->d_name);
            n++;
        }
        closedir(d);
        qsort(names, n, sizeof *names, by_name);
        for (size_t k = 0; k < n; k++) {
            bad |= run_file(names[k]) != 0;
            inputs++;
            free(names[k]);
        }
        free(names);
    }
    printf("%s: %zu inputs, no property violated\n", argv[0], inputs);
    return bad ? 2 : 0;
}
