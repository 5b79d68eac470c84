/* main.c — the asn1cc command line: reads the schema files and runs the
 * pipeline: parse, sema, cmap (the C mapping, once), then the emitters. */
#define _POSIX_C_SOURCE 200809L
#include "asn1cc.h"
#include "emit.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef ASN1CC_VERSION
#define ASN1CC_VERSION "0.0.0"
#endif

/* The encoding rules --encodings names, in the order their functions are
 * printed (which does not depend on the order of the list). */
static const struct {
    const char *name;
    const EmitRule *rule;
} encodings[] = {
    {"der", &emit_der},
    {"oer", &emit_oer},
    {"uper", &emit_uper},
    {"aper", &emit_aper},
    {"ber", &emit_ber},
};
#define NENCODINGS ((int)(sizeof encodings / sizeof encodings[0]))

/* Sets want[i] for each rule named in the comma-separated list, and only
 * those; false on an unknown or empty name. run_in adds DER unless --size:
 * the C types, T_check and the list iterators are its. */
static bool parse_encodings(const char *list, bool want[NENCODINGS])
{
    for (int i = 0; i < NENCODINGS; i++)
        want[i] = false;
    for (const char *p = list;; p++) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        bool found = false;
        for (int i = 0; i < NENCODINGS; i++) {
            bool all = n == 3 && strncmp(p, "all", 3) == 0;
            if (all || (strlen(encodings[i].name) == n && strncmp(p, encodings[i].name, n) == 0)) {
                want[i] = true;
                found = true;
            }
        }
        if (!found)
            return false;
        if (!e)
            return true;
        p = e;
    }
}

/* Creates outdir and its missing parents (like mkdir -p); 0 or -1 with errno. */
static int make_outdir(const char *outdir)
{
    char path[4096];
    size_t n = strlen(outdir);

    if (n == 0 || n >= sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(path, outdir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        char saved = path[i];
        path[i] = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return -1;
        path[i] = saved;
    }
    struct stat st;
    if (stat(outdir, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

static const char usage_text[] =
    "usage: asn1cc [options] file.asn... [-o outdir]\n"
    "\n"
    "Compiles ASN.1 modules (X.680-X.683) to C encoders and decoders: DER, and\n"
    "OER (X.696), UPER and APER (X.691) with --encodings.\n"
    "\n"
    "options:\n"
    "  -I dir        look up modules named in IMPORTS ... FROM in the .asn/.asn1\n"
    "                files of dir (by module name or OID, whatever the file is called)\n"
    "  -o outdir     write <module>.h and <module>.c for each module given\n"
    "  --emit-imports  with -o: also write the modules found through -I, so\n"
    "                one run gives every header and source a program needs\n"
    "  --prefix P    prepend P to every emitted C symbol\n"
    "  --encodings LIST  encoding rules to emit, comma-separated: der, oer, uper, aper, ber\n"
    "                (BER decoders; BER is read, DER written), or\n"
    "                all (default der; der is always emitted, the C mapping is its,\n"
    "                except under --size)\n"
    "  --size        smaller, slower code: no inline copies of the DER codecs,\n"
    "                and only the rules --encodings names (der is then left out\n"
    "                unless named; lists hold typed items only)\n"
    "  --int64       unconstrained INTEGER as int64_t (decode error beyond it)\n"
    "                instead of the big-integer view\n"
    "  --array-limit N  SEQUENCE OF with SIZE upper bound <= N (default 64) as\n"
    "                a fixed array; larger or unbounded ones as views\n"
    "  --pdu T[,T...]  emit only the types reachable from these PDU types (T or\n"
    "                Module.T): through components, OF elements, references,\n"
    "                the object sets of table-constrained open types and\n"
    "                CONTAINING; value assignments are all kept\n"
    "  --pdu-view T[,T...]  as --pdu, but the open types of T itself stay views\n"
    "                (no _decode_open): the object sets they name are not\n"
    "                followed (NGAP's InitiatingMessage: name the messages\n"
    "                you handle in --pdu instead of every procedure's)\n"
    "  --emit-fuzz T with -o: also write outdir/fuzz_T.c, a libFuzzer harness\n"
    "                for type T (decode, re-encode identity, check, equal, print)\n"
    "  --encoding E  with --emit-fuzz: the rule the harness checks (der, uper,\n"
    "                aper, oer, ber; one --encodings emits; default der)\n"
    "  --print-outputs  write nothing: print, one per line, the .h and .c files\n"
    "                the same run would write (outdir/name with -o, else name;\n"
    "                not --emit-fuzz's harness), for build systems\n"
    "  --check       parse and analyse only\n"
    "  --dump-ast    print the resolved AST in a stable text form\n"
    "  --stats       print timing and memory use to stderr\n"
    "  -Werror       treat warnings as errors\n"
    "  -Wno-NAME     disable warning NAME (see asn1cc(1)); -WNAME enables it\n"
    "  -h, --help    print this text\n"
    "  --version     print the version\n"
    "\n"
    "exit status: 0 success, 1 errors in a schema, 2 usage or I/O error\n";

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int run_in(Arena *arena, int argc, char **argv)
{
    Compilation comp = {0};
    Compilation *c = &comp;
    c->arena = arena;
    diag_init(stderr, isatty(2) && getenv("NO_COLOR") == NULL);

    const char **inputs = arena_alloc(c->arena, sizeof(char *) * (size_t)argc);
    int ninputs = 0;
    const char **dirs = arena_alloc(c->arena, sizeof(char *) * (size_t)argc);
    const char *outdir = NULL;
    bool check = false, dump = false, stats = false, emit_imports = false;
    bool print_outputs = false; /* --print-outputs: the file names, no files */
    const char *fuzz_type = NULL;   /* --emit-fuzz (emit_fuzz.c) */
    const char *fuzz_rule = "der";  /* --encoding: the rule its harness checks */
    const char *pdus = NULL;        /* --pdu (cmap_pdu.c) */
    const char *pdu_views = NULL;   /* --pdu-view (cmap_pdu.c) */
    bool want[NENCODINGS] = {true}; /* --encodings: DER alone by default */
    double t0 = now_ms();
    /* The options that only turn a flag on. */
    const struct { const char *name; bool *flag; } flags[] = {
        {"--check", &check}, {"--dump-ast", &dump}, {"--emit-imports", &emit_imports},
        {"--print-outputs", &print_outputs}, {"--size", &emit_size}, {"--int64", &cmap_int64},
        {"--stats", &stats}, {"-Werror", &diag_werror},
    };

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        size_t f = 0;
        while (f < sizeof flags / sizeof flags[0] && strcmp(a, flags[f].name) != 0)
            f++;
        if (f < sizeof flags / sizeof flags[0]) {
            *flags[f].flag = true;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("asn1cc %s\n", ASN1CC_VERSION);
            return 0;
        } else if (strcmp(a, "--prefix") == 0 || strcmp(a, "--array-limit") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "asn1cc: option '%s' needs an argument\n%s", a, usage_text);
                return 2;
            }
            if (a[2] == 'p') {
                c->prefix = argv[++i];
            } else {
                char *end;
                long v = strtol(argv[++i], &end, 10);
                if (*end || v < 0 || v > 65536) {
                    fprintf(stderr, "asn1cc: --array-limit wants 0..65536\n");
                    return 2;
                }
                cmap_array_limit = (unsigned)v;
            }
        } else if (strcmp(a, "--encodings") == 0) {
            if (i + 1 >= argc || !parse_encodings(argv[i + 1], want)) {
                fprintf(stderr, "asn1cc: --encodings wants a comma-separated list of der, oer, uper, aper, ber, all\n%s", usage_text);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--pdu") == 0) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                fprintf(stderr, "asn1cc: --pdu wants a comma-separated list of type names\n%s", usage_text);
                return 2;
            }
            pdus = argv[++i];
        } else if (strcmp(a, "--pdu-view") == 0) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                fprintf(stderr, "asn1cc: --pdu-view wants a comma-separated list of type names\n%s", usage_text);
                return 2;
            }
            pdu_views = argv[++i];
        } else if (strcmp(a, "--emit-fuzz") == 0 && i + 1 < argc) {
            fuzz_type = argv[++i];
        } else if (strcmp(a, "--encoding") == 0 && i + 1 < argc) {
            fuzz_rule = argv[++i];
        } else if (strncmp(a, "-W", 2) == 0 && a[2]) {
            if (!diag_set_warning(a + 2)) {
                fprintf(stderr, "asn1cc: unknown warning option '%s'\n", a);
                return 2;
            }
        } else if (strcmp(a, "-I") == 0 || strcmp(a, "-o") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "asn1cc: option '%s' needs an argument\n%s", a, usage_text);
                return 2;
            }
            if (a[1] == 'I')
                dirs[c->ninclude_dirs++] = argv[++i];
            else
                outdir = argv[++i];
        } else if (strncmp(a, "-I", 2) == 0) {
            dirs[c->ninclude_dirs++] = a + 2;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "asn1cc: unknown option '%s'\n%s", a, usage_text);
            return 2;
        } else {
            inputs[ninputs++] = a;
        }
    }
    c->include_dirs = dirs;
    /* BER is read into DER's views and written as DER: it brings DER along. */
    for (int i = 0; i < NENCODINGS; i++)
        if (!emit_size || (want[i] && encodings[i].rule == &emit_ber))
            want[0] = true;
    if (ninputs == 0) {
        fprintf(stderr, "asn1cc: no input files\n%s", usage_text);
        return 2;
    }
    if (!check && !dump && !outdir && !print_outputs) {
        fprintf(stderr, "asn1cc: nothing to do: give -o outdir, --check or --dump-ast\n");
        return 2;
    }

    bool schema_err = false;
    for (int i = 0; i < ninputs; i++)
        if (!compile_file(c, inputs[i], true, &schema_err))
            return 2;
    double t1 = now_ms();
    if (!schema_err && !sema_run(c))
        schema_err = true;
    if (diag_error_count() > 0)
        schema_err = true;
    double t2 = now_ms();
    if (stats)
        fprintf(stderr, "asn1cc: parse %.2f ms, sema %.2f ms, arena %zu KiB, %d modules\n",
                t1 - t0, t2 - t1, arena_bytes(c->arena) / 1024, c->nmodules);
    if (schema_err)
        return 1;
    if (dump)
        ast_dump(stdout, c);
    if ((outdir || print_outputs) && !check) {
        if (!print_outputs && make_outdir(outdir) != 0) {
            fprintf(stderr, "asn1cc: error: cannot create output directory %s: %s\n", outdir, strerror(errno));
            return 2;
        }
        /* C names are chosen over every loaded module (sema_cmap.c), so the
         * imported modules written by this run match the given ones. */
        if (emit_imports)
            for (int i = 0; i < c->nmodules; i++)
                c->modules[i]->from_cmdline = true;
        /* cmap diagnoses schema limits (exit 1); the emitters I/O errors (exit 2). */
        CMap *map = sema_cmap(c);
        if (map == NULL)
            return 1;
        if ((pdus || pdu_views) && !cmap_keep_pdus(map, pdus, pdu_views))
            return 1;
        /* One emitter per encoding rule; one that cannot print a type says
         * so at the type before any file is written. */
        const EmitRule *rules[NENCODINGS];
        int nrules = 0;
        for (int i = 0; i < NENCODINGS; i++)
            if (want[i])
                rules[nrules++] = encodings[i].rule;
        if (want[1] && !emit_oer_supported(map))
            return 1;
        bool per = false;
        for (int i = 0; i < NENCODINGS; i++)
            per |= want[i] && encodings[i].rule->enc == ENC_PER;
        if (per && !emit_per_supported(map))
            return 1;
        /* The names emit_module_files would write, after every check that
         * could stop it, so a build system's list matches the real run. */
        if (print_outputs) {
            for (int i = 0; i < map->nmodules; i++)
                if (map->modules[i]->emit)
                    printf("%s%s%s\n%s%s%s\n", outdir ? outdir : "", outdir ? "/" : "", map->modules[i]->header,
                           outdir ? outdir : "", outdir ? "/" : "", map->modules[i]->source);
            fflush(stdout);
            return ferror(stdout) ? 2 : 0;
        }
        if (emit_module_files(map, outdir, rules, nrules) != 0)
            return diag_error_count() > 0 ? 1 : 2;
        if (fuzz_type) {
            /* The harness calls the rule's functions: the run must emit them. */
            int k = 0;
            while (k < NENCODINGS && strcmp(encodings[k].name, fuzz_rule) != 0)
                k++;
            /* Its DER round trip too (T_decode, T_encode). */
            if (!want[0]) {
                fprintf(stderr, "asn1cc: --emit-fuzz needs der among --size's --encodings\n");
                return 2;
            }
            if (k == NENCODINGS || !want[k]) {
                fprintf(stderr, "asn1cc: --encoding %s: not among the encodings this run emits (--encodings)\n", fuzz_rule);
                return 2;
            }
        }
        if (fuzz_type && emit_fuzz_harness(map, fuzz_type, outdir, fuzz_rule) != 0)
            return diag_error_count() > 0 ? 1 : 2;
    }
    fflush(stdout);
    if (ferror(stdout))
        return 2;
    return 0;
}

/* All compiler memory is one arena, freed once here. */
static int run(int argc, char **argv)
{
    Arena *arena = arena_new();
    int status = run_in(arena, argc, argv);
    arena_free(arena);
    return status;
}

typedef struct MainArgs {
    int argc;
    char **argv;
    int status;
} MainArgs;

static void *run_thread(void *p)
{
    MainArgs *ma = p;
    ma->status = run(ma->argc, ma->argv);
    return NULL;
}

/* The front end recurses along reference chains (bounded by LIMIT_REF_CHAIN)
 * and nested types; it runs on a thread whose stack is sized for those
 * limits (reserved, committed only as used) instead of the default 8 MiB. */
int main(int argc, char **argv)
{
    MainArgs ma = {argc, argv, 2};
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0 &&
        pthread_create(&th, &attr, run_thread, &ma) == 0) {
        pthread_join(th, NULL);
        return ma.status;
    }
    return run(argc, argv);
}
