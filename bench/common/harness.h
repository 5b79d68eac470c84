/*
 * bench/common — the measurement harness shared by the bench programs.
 *
 * Method (STYLE.md, benchmarks): every case of one program is calibrated to
 * a batch of about the same duration, warmed up, then all cases run in
 * interleaved rounds (one batch each, order rotated per round) so that
 * machine noise hits every implementation alike. A sample is the mean time
 * per operation of one batch; a case reports the median and minimum of its
 * samples. Two cases measured in the same rounds can be compared as the
 * median of their per-round ratios, with a distribution-free 95% interval.
 */
#ifndef BENCH_HARNESS_H
#define BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Keeps a value or the memory behind a pointer alive: the compiler must
 * assume the asm reads it (and, for bench_escape, any memory). */
#define bench_use(v) __asm__ volatile("" : : "r"(v))
#define bench_escape(p) __asm__ volatile("" : : "r"(p) : "memory")

/* Runs `iters` operations; the result (e.g. OR of status codes) is consumed
 * by the harness, and a non-zero low bit marks a failed operation. */
typedef uint64_t (*bench_fn)(void *ctx, uint64_t iters);

typedef struct bench_case {
    const char *table;      /* CSV table column */
    const char *row;        /* CSV row column */
    const char *impl;       /* CSV implementation column */
    bench_fn fn;
    void *ctx;
    /* Filled in by bench_run. */
    uint64_t iters;         /* operations per batch after calibration */
    double *samples;        /* ns per operation, one per measured round */
    size_t nsamples;
    double median_ns, min_ns;
} bench_case;

typedef struct bench_config {
    unsigned rounds;        /* measured rounds (samples per case) */
    unsigned warmup_rounds; /* rounds run and discarded first */
    double batch_ns;        /* target duration of one batch */
} bench_config;

/* The measured round in progress (0 during calibration and warm-up). Bench
 * functions may use it to vary where their outputs live from round to round
 * (bench_slot), identically for every case of that round. */
extern unsigned bench_current_round;

/* A 64-byte aligned region of at least `size` bytes (size <= 16 KiB) whose
 * address modulo 4 KiB depends on the round: kind selects one of four
 * independent regions (e.g. output buffer, decoded struct). */
void *bench_slot(unsigned kind, size_t size);

/* Defaults, overridden by BENCH_ROUNDS, BENCH_WARMUP and BENCH_BATCH_US. */
void bench_config_default(bench_config *cfg);

/* Prints the CPU model, compiler, flags and method as Markdown lines. */
void bench_banner(FILE *f, const char *title, const bench_config *cfg);
/* The same, naming `flags` as the compiler flags: for a program whose own
 * objects are built with other flags than the harness (bench-peers). */
void bench_banner_flags(FILE *f, const char *title, const bench_config *cfg,
                        const char *flags);

/* Calibrates, warms up and measures all cases interleaved. Returns 0, or
 * -1 when an operation reported failure (the case is named on stderr). */
int bench_run(bench_case *cases, size_t n, const bench_config *cfg);
/* bench_run timing each batch in the calling thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID), not wall time: a batch that another process
 * preempts then does not count that process's time. For long batches of
 * slow code on a shared machine (bench-peers: batches of up to 15 ms). */
int bench_run_cputime(bench_case *cases, size_t n, const bench_config *cfg);

/* How a table program measures: *cfg from bench_config_default, the
 * banner titled `title` on stdout, then bench_run. Returns bench_run's
 * result. Inline, so that the harness object and with it the place of
 * every timed function after it in the link stay as they were. */
static inline int bench_measure(bench_config *cfg, const char *title, bench_case *cases, size_t n)
{
    bench_config_default(cfg);
    bench_banner(stdout, title, cfg);
    return bench_run(cases, n, cfg);
}

/* The case with these names, or NULL. */
bench_case *bench_find(bench_case *cases, size_t n, const char *table,
                       const char *row, const char *impl);

/* a / b over the rounds both were measured in: median of the per-round
 * ratios, and the 95% confidence interval of that median from order
 * statistics (no distribution assumed). */
typedef struct bench_ratio { double median, lo, hi; } bench_ratio;
bench_ratio bench_paired_ratio(const bench_case *a, const bench_case *b);

/* Writes `table,row,implementation,median_ns,min_ns,samples` through
 * csv.h (fields quoted where RFC 4180 needs it). */
int bench_csv_write(const char *path, const bench_case *cases, size_t n);

/* Horizontal grouped bar chart: one panel per table, one group per row,
 * one bar per series (series 0 is the seed's reported figure). A value
 * that is not positive (e.g. no seed figure) draws no bar. */
#define BENCH_SVG_MAX_SERIES 4
#define BENCH_SVG_MAX_ROWS 12
typedef struct bench_svg_row {
    const char *label;
    double value[BENCH_SVG_MAX_SERIES];
} bench_svg_row;
typedef struct bench_svg_panel {
    const char *title;
    const char *unit;        /* "ns", "B" */
    size_t nrows;
    bench_svg_row rows[BENCH_SVG_MAX_ROWS];
} bench_svg_panel;
int bench_svg_write(const char *path, const char *title,
                    const char *const *series, size_t nseries,
                    const bench_svg_panel *panels, size_t npanels);

/* Frees the samples of all cases. */
void bench_free(bench_case *cases, size_t n);

#endif /* BENCH_HARNESS_H */
