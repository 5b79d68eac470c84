/* libFuzzer target for the whole of asn1cc: module text through the lexer,
 * parser and sema (names resolved across modules, tags, constraints), then
 * sema_cmap (the C mapping), emit_module_files (emit_c.c with emit_der.c)
 * and emit_fuzz_harness, which write into a scratch directory. Properties, on top of "no crash, leak or hang":
 *  - a schema that passes sema is emitted, or declined with a
 *    "code generation:" diagnostic (as tests/codegen/modules.sh demands of
 *    real modules); success comes without an error diagnostic;
 *  - each module given gets its own .h and .c (no two share a file name),
 *    and a harness for the first type of the first module (--emit-fuzz);
 *  - every file written is non-empty and lexically sound C, as gcc and
 *    clang see it with -std=c99 -Werror: comments and literals end, no
 *    comment opener or escaped newline inside a comment, no trigraph
 *    outside one, (), [] and {} nest outside comments and literals, and
 *    #if/#endif pair up. (Whether it compiles is checked by compiling the
 *    corpus: tests/fuzz/compile-corpus.sh.)
 * Options come from the input's first line, written as the golden tests
 * write it, e.g. "-- asn1cc: --int64 --array-limit 3 --prefix p_", so the
 * seeds stay plain modules and the fuzzer can mutate the options too.
 *
 * An input whose first byte is NUL is not text: the bytes after it are
 * choices for asngen.c, which turns them into modules that follow the
 * grammar (parameterization, DEFAULTs of every kind, COMPONENTS OF across
 * two modules, information objects, extension groups), so that nearly every
 * input gets through sema to the back end. The mutator changes such inputs
 * byte by byte (any bytes are valid choices). */
#define _GNU_SOURCE  /* mkdtemp, open_memstream */
#include "asn1cc.h"
#include "cmap.h"
#include "emit.h"
#include "asngen.h"
#include "fuzz.h"

#include <dirent.h>
#include <string.h>
#include <unistd.h>

static char scratch[64];
/* How many inputs reached the back end, and of those how many it declined:
 * printed at exit, as a measure of how deep the fuzzing goes. */
static unsigned long n_inputs, n_back_end, n_declined;
/* The same for the generator's inputs (NUL first). */
static unsigned long n_gen, n_gen_back_end, n_gen_declined;

static void at_exit(void)
{
    if (scratch[0])
        rmdir(scratch);
    fprintf(stderr, "fuzz_compile: %lu inputs, %lu through sema to the back end, %lu of them declined\n",
            n_inputs, n_back_end, n_declined);
    if (n_gen)
        fprintf(stderr, "fuzz_compile: of them %lu generated (asngen), %lu to the back end (%.1f%%), %lu declined\n",
                n_gen, n_gen_back_end, 100.0 * (double)n_gen_back_end / (double)n_gen, n_gen_declined);
}

/* The settings of one run, parsed from the first line. */
typedef struct Options {
    bool int64, werror;
    unsigned array_limit;
    char prefix[32];
    char fuzz_type[64];
} Options;

/* Copies the next word of [*p, end) into buf (truncated); false at the end. */
static bool next_word(const char **p, const char *end, char *buf, size_t cap)
{
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    if (s == end)
        return false;
    size_t n = 0;
    while (s < end && *s != ' ' && *s != '\t') {
        if (n + 1 < cap)
            buf[n++] = *s;
        s++;
    }
    buf[n] = '\0';
    *p = s;
    return true;
}

static void parse_options(const char *text, size_t len, Options *o)
{
    *o = (Options){.array_limit = 64};
    const char *eol = memchr(text, '\n', len);
    const char *end = eol ? eol : text + len;
    const char *p = memmem(text, (size_t)(end - text), "asn1cc:", 7);
    if (p == NULL)
        return;
    p += 7;
    const char *close = memmem(p, (size_t)(end - p), "*/", 2);
    if (close)
        end = close;
    char w[64];
    while (next_word(&p, end, w, sizeof w)) {
        if (strcmp(w, "--int64") == 0) {
            o->int64 = true;
        } else if (strcmp(w, "-Werror") == 0) {
            o->werror = true;
        } else if (strcmp(w, "--array-limit") == 0 && next_word(&p, end, w, sizeof w)) {
            /* main.c's range; the digits are capped so that strtol cannot overflow */
            w[6] = '\0';
            long v = strtol(w, NULL, 10);
            if (v >= 0 && v <= 65536)
                o->array_limit = (unsigned)v;
        } else if (strcmp(w, "--prefix") == 0 && next_word(&p, end, w, sizeof w)) {
            /* a prefix that is no C identifier part gives no C: not the schema's fault */
            size_t n = strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
            if (n >= sizeof o->prefix)
                n = sizeof o->prefix - 1;
            if (n > 0 && !(w[0] >= '0' && w[0] <= '9')) {
                memcpy(o->prefix, w, n);
                o->prefix[n] = '\0';
            }
        } else if (strcmp(w, "--emit-fuzz") == 0 && next_word(&p, end, w, sizeof w)) {
            /* a type name, not a path: the harness file stays in the scratch directory */
            if (strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == strlen(w))
                memcpy(o->fuzz_type, w, sizeof o->fuzz_type);
        }
    }
}

/* Why text[0..n) is not lexically sound C, or NULL. */
static const char *c_lex_problem(const char *s, size_t n)
{
    char *stack = malloc(n + 1);
    int depth = 0, ifs = 0;
    const char *why = NULL;
    bool bol = true;
    FUZZ_REQUIRE(stack != NULL);
    for (size_t i = 0; i < n && !why; i++) {
        char ch = s[i];
        if (ch == '\0') {
            why = "NUL byte";
            break;
        }
        if (bol) {
            size_t k = i;
            while (k < n && (s[k] == ' ' || s[k] == '\t'))
                k++;
            if (k < n && s[k] == '#') {
                k++;
                while (k < n && (s[k] == ' ' || s[k] == '\t'))
                    k++;
                if (n - k >= 2 && memcmp(s + k, "if", 2) == 0)
                    ifs++;
                else if (n - k >= 5 && memcmp(s + k, "endif", 5) == 0 && --ifs < 0)
                    why = "#endif without #if";
            }
        }
        bol = ch == '\n';
        if (ch == '?' && i + 2 < n && s[i + 1] == '?' && s[i + 2] && strchr("=/'()!<>-", s[i + 2])) {
            why = "trigraph outside a comment";
        } else if (ch == '/' && i + 1 < n && s[i + 1] == '*') {
            size_t k = i + 2;
            for (; k + 1 < n && !(s[k] == '*' && s[k + 1] == '/'); k++) {
                if (s[k] == '\0')
                    why = "NUL byte in a comment";
                else if (s[k] == '/' && s[k + 1] == '*')
                    why = "\"/*\" within a comment";
                else if (s[k] == '?' && s[k + 1] == '?' && k + 2 < n && s[k + 2] == '/') {
                    /* gcc: "trigraph ??/ converted to \" before a newline */
                    size_t j = k + 3;
                    while (j < n && (s[j] == ' ' || s[j] == '\t'))
                        j++;
                    if (j == n || s[j] == '\n')
                        why = "\"?\?/\" at the end of a comment line";
                }
                if (why)
                    break;
            }
            if (!why && k + 1 >= n)
                why = "unterminated comment";
            i = k + 1;
        } else if (ch == '/' && i + 1 < n && s[i + 1] == '/') {
            size_t k = i + 2;
            while (k < n && s[k] != '\n')
                k++;
            size_t e = k;
            while (e > i + 2 && (s[e - 1] == ' ' || s[e - 1] == '\t'))
                e--;
            if (e > i + 2 && s[e - 1] == '\\')
                why = "line comment continued by a backslash";
            i = k - 1;
        } else if (ch == '"' || ch == '\'') {
            size_t k = i + 1;
            for (; k < n && s[k] != ch; k++) {
                if (s[k] == '\n' || s[k] == '\0')
                    break;
                if (s[k] == '\\')
                    k++;
            }
            if (k >= n || s[k] != ch)
                why = ch == '"' ? "unterminated string literal" : "unterminated character literal";
            i = k;
        } else if (ch == '(' || ch == '[' || ch == '{') {
            stack[depth++] = ch;
        } else if (ch == ')' || ch == ']' || ch == '}') {
            char open = ch == ')' ? '(' : ch == ']' ? '[' : '{';
            if (depth == 0 || stack[depth - 1] != open)
                why = "unbalanced bracket";
            else
                depth--;
        }
    }
    if (!why && depth != 0)
        why = "unclosed bracket";
    if (!why && ifs != 0)
        why = "#if without #endif";
    free(stack);
    return why;
}

/* Checks and removes every file in the scratch directory; returns their number. */
static int check_outputs(void)
{
    DIR *d = opendir(scratch);
    struct dirent *e;
    int nfiles = 0;
    FUZZ_REQUIRE(d != NULL);
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[sizeof scratch + 256];
        snprintf(path, sizeof path, "%s/%s", scratch, e->d_name);
        FILE *f = fopen(path, "rb");
        FUZZ_REQUIRE(f != NULL);
        char *buf = NULL;
        size_t len = 0, cap = 0, got;
        do {
            if (len == cap) {
                cap = cap ? 2 * cap : 1 << 16;
                buf = realloc(buf, cap);
                FUZZ_REQUIRE(buf != NULL);
            }
            got = fread(buf + len, 1, cap - len, f);
            len += got;
        } while (got > 0);
        fclose(f);
        const char *why = len == 0 ? "empty file" : c_lex_problem(buf, len);
        if (why)
            fprintf(stderr, "fuzz_compile: %s: %s\n", e->d_name, why);
        FUZZ_REQUIRE(why == NULL);
        free(buf);
        unlink(path);
        nfiles++;
    }
    closedir(d);
    return nfiles;
}

/* The first plain type assignment of the first module: the --emit-fuzz
 * type when the first line names none. */
static const char *first_type(const Compilation *c)
{
    for (int i = 0; i < c->nmodules; i++)
        for (int k = 0; k < c->modules[i]->nassigns; k++) {
            const Assignment *a = c->modules[i]->assigns[k];
            if (a->kind == A_TYPE && a->nparams == 0)
                return a->name;
        }
    return NULL;
}

/* ---- mutation: most byte-level mutants of a module no longer lex or
 * parse, so half of the mutations work on words and lines instead: a word
 * replaced by an ASN.1 fragment or by another word of the input, a
 * fragment inserted between words, a line copied or dropped. */

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed);

static const char *const fragments[] = {
    "INTEGER", "BOOLEAN", "NULL", "REAL", "OCTET STRING", "BIT STRING", "OBJECT IDENTIFIER",
    "RELATIVE-OID", "UTF8String", "IA5String", "PrintableString", "NumericString", "VisibleString",
    "BMPString", "UniversalString", "TeletexString", "GeneralString", "UTCTime", "GeneralizedTime",
    "DATE", "TIME-OF-DAY", "EXTERNAL", "EMBEDDED PDV", "CHARACTER STRING", "ANY", "ANY DEFINED BY a",
    "ENUMERATED { a, b(5), ..., c }", "ENUMERATED { red, green }", "INTEGER { one(1), two(2) }",
    "BIT STRING { a(0), b(5) }", "BIT STRING (SIZE (8))", "OCTET STRING (SIZE (0..16))",
    "SEQUENCE { a INTEGER, b BOOLEAN OPTIONAL }", "SEQUENCE { x [0] INTEGER DEFAULT 3, ... }",
    "SET { a [1] INTEGER, b [2] NULL }", "CHOICE { x INTEGER, y NULL, ... }", "SEQUENCE { }",
    "SEQUENCE OF INTEGER", "SEQUENCE (SIZE (1..3)) OF BOOLEAN", "SET OF OCTET STRING",
    "SET SIZE (2) OF SEQUENCE { v INTEGER (0..7) }", "SEQUENCE OF item CHOICE { a NULL, b REAL }",
    "[0]", "[1] IMPLICIT", "[2] EXPLICIT", "[APPLICATION 5]", "[PRIVATE 9]", "[UNIVERSAL 3]",
    "(0..255)", "(-128..127)", "(0..4294967295)", "(0..18446744073709551615)", "(MIN..0)", "(1..MAX)",
    "(-5..5, ...)", "(1 | 3 | 5)", "(SIZE (1..8))", "(SIZE (4))", "(FROM (\"a\"..\"z\"))",
    "(CONTAINING INTEGER)", "(WITH COMPONENTS { ..., a PRESENT })", "(ALL EXCEPT 0)",
    "OPTIONAL", "DEFAULT 0", "DEFAULT TRUE", "DEFAULT '01'B", "DEFAULT 'FF'H", "DEFAULT \"x\"",
    "DEFAULT { 1 2 3 }", "DEFAULT red", ",", "...", "[[ z INTEGER ]]", "COMPONENTS OF",
    "IMPLICIT TAGS", "EXPLICIT TAGS", "AUTOMATIC TAGS", "EXTENSIBILITY IMPLIED",
    "T ::= INTEGER", "U ::= SEQUENCE { t T, u U OPTIONAL }", "v INTEGER ::= 5",
    "oid OBJECT IDENTIFIER ::= { 1 2 840 113549 }", "P {X} ::= SEQUENCE { x X }", "P {BOOLEAN}",
    "C ::= CLASS { &id INTEGER UNIQUE, &Type }", "S C ::= { { &id 1, &Type INTEGER } }",
    "C.&Type ({S}{@id})", "C.&id ({S})", "TYPE-IDENTIFIER.&Type", "a < T",
};

static uint64_t mut_state;

static unsigned mut_rand(unsigned n)
{
    mut_state = mut_state * 6364136223846793005u + 1442695040888963407u;
    return n ? (unsigned)((mut_state >> 33) % n) : 0;
}

/* Start offsets of the runs of non-blank bytes (words) or of the lines. */
static size_t split(const uint8_t *d, size_t n, bool lines, size_t *start, size_t *len, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < cap;) {
        if (!lines && (d[i] == ' ' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r')) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && (lines ? d[j] != '\n' : !(d[j] == ' ' || d[j] == '\t' || d[j] == '\n' || d[j] == '\r')))
            j++;
        if (lines && j < n)
            j++;                 /* the line keeps its newline */
        start[k] = i;
        len[k] = j - i;
        k++;
        i = j;
    }
    return k;
}

/* data[at, at + cut) := ins[0, nins); 0 when the result exceeds max. */
static size_t splice(uint8_t *data, size_t size, size_t max, size_t at, size_t cut, const void *ins, size_t nins)
{
    if (size - cut + nins > max)
        return 0;
    memmove(data + at + nins, data + at + cut, size - at - cut);
    memcpy(data + at, ins, nins);
    return size - cut + nins;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
    enum { MAXPARTS = 4096 };
    static size_t start[MAXPARTS], len[MAXPARTS];
    mut_state = seed;
    /* generator choices: any bytes are valid, so libFuzzer's own byte
     * mutations apply, behind the NUL that marks them */
    if (LLVMFuzzerMutate != NULL && size >= 1 && data[0] == 0 && max_size >= 2)
        return 1 + LLVMFuzzerMutate(data + 1, size - 1, max_size - 1);
    if (LLVMFuzzerMutate != NULL && (size == 0 || mut_rand(2) == 0))
        return LLVMFuzzerMutate(data, size, max_size);
    unsigned op = mut_rand(5);
    bool lines = op >= 3;
    size_t n = split(data, size, lines, start, len, MAXPARTS);
    if (n == 0)
        return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
    size_t a = mut_rand((unsigned)n), b = mut_rand((unsigned)n), r = 0;
    const char *f = fragments[mut_rand(sizeof fragments / sizeof fragments[0])];
    char buf[256];
    switch (op) {
    case 0:                  /* a word becomes a fragment */
        r = splice(data, size, max_size, start[a], len[a], f, strlen(f));
        break;
    case 1:                  /* a word becomes another word of the input */
        if (len[b] < sizeof buf) {
            memcpy(buf, data + start[b], len[b]);
            r = splice(data, size, max_size, start[a], len[a], buf, len[b]);
        }
        break;
    case 2:                  /* a fragment between two words */
        snprintf(buf, sizeof buf, " %s ", f);
        r = splice(data, size, max_size, start[a], 0, buf, strlen(buf));
        break;
    case 3:                  /* a line copied before another */
        if (len[b] < sizeof buf) {
            memcpy(buf, data + start[b], len[b]);
            r = splice(data, size, max_size, start[a], 0, buf, len[b]);
        }
        break;
    default:                 /* a line dropped */
        r = splice(data, size, max_size, start[a], len[a], "", 0);
        break;
    }
    if (r == 0 && LLVMFuzzerMutate != NULL)
        r = LLVMFuzzerMutate(data, size, max_size);
    return r ? r : size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    if (devnull == NULL) {
        devnull = fuzz_devnull();
        const char *tmp = getenv("TMPDIR");
        snprintf(scratch, sizeof scratch, "%s/fuzz_compile.XXXXXX",
                 tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
        FUZZ_REQUIRE(mkdtemp(scratch) != NULL);
        atexit(at_exit);
    }
    if (size > 1 << 20)
        return 0;
    n_inputs++;
    diag_init(devnull, false);
    Compilation c = {0};
    c.arena = arena_new();
    bool generated = size > 0 && data[0] == 0;
    char *text;
    if (generated) {
        enum { GEN_CAP = 1 << 17 };
        text = arena_alloc(c.arena, GEN_CAP);
        size = asngen_modules(data + 1, size - 1, text, GEN_CAP);
        n_gen++;
    } else {
        text = arena_alloc(c.arena, size + 1);
        memcpy(text, data, size);
    }
    Options opt;
    parse_options(text, size, &opt);
    cmap_int64 = opt.int64;
    cmap_array_limit = opt.array_limit;
    diag_werror = opt.werror;
    c.prefix = opt.prefix[0] ? opt.prefix : NULL;

    SrcFile *sf = srcfile_new(c.arena, "fuzz.asn", text, size);
    bool err = false;
    int errors = diag_error_count();
    compile_source(&c, sf, true, &err);
    bool reached_back_end = false;
    /* as main.c: any error, warnings under -Werror included, stops before the back end */
    if (!err && sema_run(&c) && diag_error_count() == errors) {
        int nmodules = 0;
        for (int i = 0; i < c.nmodules; i++)
            nmodules += c.modules[i]->from_cmdline;
        /* Diagnostics of the back end are kept to tell a decline from a failure. */
        char *msgs = NULL;
        size_t msglen = 0;
        FILE *ms = open_memstream(&msgs, &msglen);
        FUZZ_REQUIRE(ms != NULL);
        diag_init(ms, false);
        /* as main.c: sema_cmap (NULL after a diagnosed limit), then every
         * encoding rule's emitter and the harness */
        static const EmitRule *const rules[] = {&emit_der};
        CMap *map = sema_cmap(&c);
        int rc = map ? emit_module_files(map, scratch, rules, (int)(sizeof rules / sizeof rules[0])) : 1;
        const char *T = opt.fuzz_type[0] ? opt.fuzz_type : first_type(&c);
        int frc = rc == 0 && T ? emit_fuzz_harness(map, T, scratch, "der") : -1;
        fclose(ms);
        diag_init(devnull, false);
        bool declined = strstr(msgs, "code generation:") != NULL;
        if (rc != 0 && !declined)
            fprintf(stderr, "fuzz_compile: code generation failed (%d) without declining:\n%s", rc, msgs);
        FUZZ_REQUIRE(rc == 0 || declined);
        FUZZ_REQUIRE(rc != 0 || diag_error_count() == errors);
        /* A named type may be absent (a diagnosed usage error); the first type may not. */
        FUZZ_REQUIRE(frc <= 0 || (frc == 1 && opt.fuzz_type[0]));
        int nfiles = check_outputs();
        FUZZ_REQUIRE(nfiles == (rc == 0 ? 2 * nmodules + (frc == 0) : 0));
        free(msgs);
        reached_back_end = true;
        n_back_end++;
        n_declined += rc != 0;
        n_gen_back_end += generated;
        n_gen_declined += generated && rc != 0;
    } else {
        FUZZ_REQUIRE(check_outputs() == 0);
    }
    arena_free(c.arena);
    cmap_int64 = false;
    cmap_array_limit = 64;
    diag_werror = false;
    /* Schemas the front end rejects stay out of the corpus (-1, honoured by
     * libFuzzer from LLVM 15; older ones ignore it): they are fuzz_frontend's
     * ground, and here they would crowd out the ones that reach the back end. */
    return reached_back_end ? 0 : -1;
}
