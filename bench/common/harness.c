/* The shared measurement harness; see harness.h for the method. */
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include "harness.h"
#include "csv.h"

#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>

#ifndef BENCH_FLAGS
#define BENCH_FLAGS "(unknown)"
#endif

/* Everything operations return ends here, so no result is dead. */
static volatile uint64_t bench_sink;

unsigned bench_current_round;

/* Where a decoder's stores fall relative to its input modulo 4 KiB (4K
 * aliasing) moves its time by several percent, and which placement a
 * binary gets is luck. Outputs therefore visit BENCH_PLACEMENTS positions,
 * one per round, so every median averages over them. */
#define BENCH_PLACEMENTS 8
#define BENCH_SLOT_BYTES (16384 + BENCH_PLACEMENTS * 576)
static _Alignas(4096) uint8_t bench_slots[4][BENCH_SLOT_BYTES];

void *bench_slot(unsigned kind, size_t size)
{
    (void)size;
    /* 576 = 9 cache lines: the eight offsets cover the 4 KiB page evenly. */
    size_t off = (size_t)(bench_current_round % BENCH_PLACEMENTS) * 576;
    return &bench_slots[kind & 3][off];
}

static uint64_t now_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static unsigned env_unsigned(const char *name, unsigned dflt)
{
    const char *s = getenv(name);
    if (s == NULL || *s == '\0')
        return dflt;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    return (*end == '\0' && v > 0 && v < 1000000u) ? (unsigned)v : dflt;
}

void bench_config_default(bench_config *cfg)
{
    cfg->rounds = env_unsigned("BENCH_ROUNDS", 401);
    cfg->warmup_rounds = env_unsigned("BENCH_WARMUP", 20);
    cfg->batch_ns = 1000.0 * env_unsigned("BENCH_BATCH_US", 100);
}

static void cpu_model(char *buf, size_t cap)
{
    snprintf(buf, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "model name", 10) == 0) {
            const char *colon = strchr(line, ':');
            if (colon != NULL) {
                colon += 2;
                snprintf(buf, cap, "%.*s", (int)strcspn(colon, "\n"), colon);
            }
            break;
        }
    }
    fclose(f);
}

void bench_banner(FILE *f, const char *title, const bench_config *cfg)
{
    bench_banner_flags(f, title, cfg, BENCH_FLAGS);
}

void bench_banner_flags(FILE *f, const char *title, const bench_config *cfg,
                        const char *flags)
{
    char cpu[256];
    struct utsname u;
    cpu_model(cpu, sizeof cpu);
    if (uname(&u) != 0)
        snprintf(u.release, sizeof u.release, "unknown");
    fprintf(f, "## %s\n\n", title);
    fprintf(f, "- CPU: %s (%ld online), Linux %s\n", cpu,
            sysconf(_SC_NPROCESSORS_ONLN), u.release);
#if defined(__clang__)
    fprintf(f, "- Compiler: clang %s\n", __clang_version__);
#elif defined(__GNUC__)
    fprintf(f, "- Compiler: gcc %s\n", __VERSION__);
#else
    fprintf(f, "- Compiler: unknown\n");
#endif
    fprintf(f, "- Flags: %s\n", flags);
    fprintf(f, "- Method: %u warm-up + %u interleaved rounds (order rotated each round),"
               " one batch of ~%.0f us per case per round; median and min of ns/op"
               " over the rounds\n\n",
            cfg->warmup_rounds, cfg->rounds, cfg->batch_ns / 1000.0);
}

/* One batch: ns per operation; *failed set when an operation failed. */
static double run_batch(bench_case *c, uint64_t iters, int *failed, clockid_t clock)
{
    uint64_t t0 = now_ns(clock);
    uint64_t r = c->fn(c->ctx, iters);
    uint64_t t1 = now_ns(clock);
    bench_sink += r;
    if (r != 0)
        *failed = 1;
    return (double)(t1 - t0) / (double)iters;
}

/* Grows the batch until it is long enough to time, then sizes it to the
 * target duration from the fastest of a few trial batches. */
static int calibrate(bench_case *c, double batch_ns, clockid_t clock)
{
    int failed = 0;
    uint64_t iters = 1;
    double per_op = 0;
    for (;;) {
        per_op = run_batch(c, iters, &failed, clock);
        if (failed)
            return -1;
        if (per_op * (double)iters >= batch_ns / 8 || iters >= (1u << 30))
            break;
        iters *= 2;
    }
    for (int i = 0; i < 5; i++) {
        double t = run_batch(c, iters, &failed, clock);
        if (t < per_op)
            per_op = t;
    }
    double want = batch_ns / (per_op > 0.01 ? per_op : 0.01);
    c->iters = want < 1 ? 1 : (uint64_t)want;
    return failed ? -1 : 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_sorted(const double *v, size_t n)
{
    if (n == 0)
        return NAN;
    return (n % 2) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void pin_to_current_cpu(void)
{
    /* Migrations between the two cores of a shared VM add noise; a
     * failure here only costs precision. */
    int cpu = sched_getcpu();
    if (cpu < 0)
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    (void)sched_setaffinity(0, sizeof set, &set);
}

static int run_cases(bench_case *cases, size_t n, const bench_config *cfg,
                     clockid_t clock)
{
    pin_to_current_cpu();
    for (size_t i = 0; i < n; i++) {
        cases[i].samples = calloc(cfg->rounds, sizeof(double));
        cases[i].nsamples = 0;
        if (cases[i].samples == NULL) {
            fprintf(stderr, "bench: out of memory\n");
            return -1;
        }
        if (calibrate(&cases[i], cfg->batch_ns, clock) != 0) {
            fprintf(stderr, "bench: %s/%s/%s: operation failed\n",
                    cases[i].table, cases[i].row, cases[i].impl);
            return -1;
        }
    }
    unsigned total = cfg->warmup_rounds + cfg->rounds;
    for (unsigned r = 0; r < total; r++) {
        for (size_t k = 0; k < n; k++) {
            /* Rotating the order keeps any one case from always running
             * right after the same neighbour. */
            bench_case *c = &cases[(k + r) % n];
            bench_current_round = r;
            int failed = 0;
            double t = run_batch(c, c->iters, &failed, clock);
            if (failed) {
                fprintf(stderr, "bench: %s/%s/%s: operation failed\n",
                        c->table, c->row, c->impl);
                return -1;
            }
            if (r >= cfg->warmup_rounds)
                c->samples[c->nsamples++] = t;
        }
    }
    double *tmp = malloc(cfg->rounds * sizeof(double));
    if (tmp == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        memcpy(tmp, cases[i].samples, cases[i].nsamples * sizeof(double));
        qsort(tmp, cases[i].nsamples, sizeof(double), cmp_double);
        cases[i].median_ns = median_sorted(tmp, cases[i].nsamples);
        cases[i].min_ns = tmp[0];
    }
    free(tmp);
    return 0;
}

int bench_run(bench_case *cases, size_t n, const bench_config *cfg)
{
    return run_cases(cases, n, cfg, CLOCK_MONOTONIC);
}

int bench_run_cputime(bench_case *cases, size_t n, const bench_config *cfg)
{
    return run_cases(cases, n, cfg, CLOCK_THREAD_CPUTIME_ID);
}

bench_case *bench_find(bench_case *cases, size_t n, const char *table,
                       const char *row, const char *impl)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(cases[i].table, table) == 0 && strcmp(cases[i].row, row) == 0
            && strcmp(cases[i].impl, impl) == 0)
            return &cases[i];
    return NULL;
}

bench_ratio bench_paired_ratio(const bench_case *a, const bench_case *b)
{
    bench_ratio out = { NAN, NAN, NAN };
    size_t n = a->nsamples < b->nsamples ? a->nsamples : b->nsamples;
    if (n == 0)
        return out;
    double *q = malloc(n * sizeof(double));
    if (q == NULL)
        return out;
    for (size_t i = 0; i < n; i++)
        q[i] = a->samples[i] / b->samples[i];
    qsort(q, n, sizeof(double), cmp_double);
    out.median = median_sorted(q, n);
    /* Ranks j..k (1-based) bracket the median with ~95% confidence:
     * the count of ratios below it is Binomial(n, 1/2). */
    double half = 1.96 * sqrt((double)n) / 2;
    long j = (long)floor((double)n / 2 - half);
    long k = (long)ceil((double)n / 2 + 1 + half);
    if (j < 1)
        j = 1;
    if (k > (long)n)
        k = (long)n;
    out.lo = q[j - 1];
    out.hi = q[k - 1];
    free(q);
    return out;
}

int bench_csv_write(const char *path, const bench_case *cases, size_t n)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    int rc = bench_csv_row(f, bench_csv_columns, BENCH_CSV_NCOLUMNS);
    for (size_t i = 0; i < n && rc == 0; i++) {
        char median[32], min[32], samples[32];
        snprintf(median, sizeof median, "%.2f", cases[i].median_ns);
        snprintf(min, sizeof min, "%.2f", cases[i].min_ns);
        snprintf(samples, sizeof samples, "%zu", cases[i].nsamples);
        const char *const row[BENCH_CSV_NCOLUMNS] = {cases[i].table, cases[i].row, cases[i].impl, median, min, samples};
        rc = bench_csv_row(f, row, BENCH_CSV_NCOLUMNS);
    }
    if (fclose(f) != 0 || rc != 0) {
        perror(path);
        return -1;
    }
    return 0;
}

static void svg_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        default: fputc(*s, f);
        }
    }
}

int bench_svg_write(const char *path, const char *title,
                    const char *const *series, size_t nseries,
                    const bench_svg_panel *panels, size_t npanels)
{
    static const char *const colour[BENCH_SVG_MAX_SERIES] = {
        "#9e9e9e", "#1f77b4", "#ff7f0e", "#2ca02c"
    };
    const int width = 960, label_w = 260, bar_h = 14, group_gap = 10;
    const int bar_area = width - label_w - 110;
    if (nseries > BENCH_SVG_MAX_SERIES)
        nseries = BENCH_SVG_MAX_SERIES;
    int height = 70;
    for (size_t p = 0; p < npanels; p++)
        height += 40 + (int)panels[p].nrows * ((int)nseries * bar_h + group_gap);

    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "font-family=\"sans-serif\" font-size=\"12\">\n", width, height);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(f, "<text x=\"10\" y=\"22\" font-size=\"16\" font-weight=\"bold\">");
    svg_text(f, title);
    fprintf(f, "</text>\n");
    for (size_t s = 0; s < nseries; s++) {
        int x = 10 + (int)s * 220;
        fprintf(f, "<rect x=\"%d\" y=\"34\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                   "<text x=\"%d\" y=\"45\">", x, colour[s], x + 16);
        svg_text(f, series[s]);
        fprintf(f, "</text>\n");
    }
    int y = 70;
    for (size_t p = 0; p < npanels; p++) {
        const bench_svg_panel *pn = &panels[p];
        double max = 0;
        for (size_t r = 0; r < pn->nrows; r++)
            for (size_t s = 0; s < nseries; s++)
                if (pn->rows[r].value[s] > max)
                    max = pn->rows[r].value[s];
        fprintf(f, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">", y + 16);
        svg_text(f, pn->title);
        fprintf(f, " (%s, shorter is better)</text>\n", pn->unit);
        y += 28;
        for (size_t r = 0; r < pn->nrows; r++) {
            int group_h = (int)nseries * bar_h;
            fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", label_w - 8,
                    y + group_h / 2 + 4);
            svg_text(f, pn->rows[r].label);
            fprintf(f, "</text>\n");
            for (size_t s = 0; s < nseries; s++) {
                double v = pn->rows[r].value[s];
                int by = y + (int)s * bar_h;
                if (!(v > 0) || max <= 0)
                    continue;
                int w = (int)(bar_area * v / max + 0.5);
                if (w < 1)
                    w = 1;
                fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>"
                           "<text x=\"%d\" y=\"%d\" font-size=\"11\">%.*f %s</text>\n",
                        label_w, by + 1, w, bar_h - 2, colour[s], label_w + w + 4,
                        by + bar_h - 3, strcmp(pn->unit, "ns") != 0 ? 0 : v < 10 ? 2 : 1, v,
                        pn->unit);
            }
            y += group_h + group_gap;
        }
        y += 12;
    }
    fprintf(f, "</svg>\n");
    if (fclose(f) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}

void bench_free(bench_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(cases[i].samples);
        cases[i].samples = NULL;
    }
}
