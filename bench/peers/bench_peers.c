/* make bench-peers: asn1cc's generated code side by side with the ASN.1
 * toolchains users pick instead (issue 6), in one process.
 *
 * Method (issue 4): every implementation first proves it decodes each
 * message and re-encodes the same bytes; then bench/common's harness runs
 * every (workload, operation, implementation) cell as one case, interleaved
 * in rounds, warm-up rounds dropped, each cell's samples giving a median and
 * a minimum. A harness operation is one pass over the workload's messages;
 * the tables divide by the number of messages. Batches are timed in the
 * thread's CPU time (bench_run_cputime): the slow peers' batches are long,
 * and on a shared machine they would otherwise count other processes' time.
 * Every result feeds a sink that is printed, so no work can be dropped.
 *
 * usage: peers-bench TASN1_DEFS CA_BUNDLE CSV_OUT DAT_OUT */
#include "harness.h"
#include "peers.h"

#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/pem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PEERS_CFLAGS
#define PEERS_CFLAGS "(unknown)"
#endif

#define WARMUP_ROUNDS 3
#define DEFAULT_SAMPLES 61
#define DEFAULT_BATCH_US 500
/* Largest message; encoders write into a buffer twice this size. */
#define MAX_DER 65536

enum { OP_DECODE, OP_ENCODE, OPS };
static const char *const op_name[OPS] = { "decode", "encode" };

static const char *const workload_name[PEERS_WORKLOADS] = {
	[PEERS_X509] = "x509",
	[PEERS_CONSTRAINED] = "constrained-struct",
	[PEERS_INTEGER] = "integer-struct",
	[PEERS_SIMPLE] = "sequence-simple",
	[PEERS_NESTED] = "sequence-nested",
	[PEERS_OCTETS] = "octet-string-1024",
};

/* asn1cc first: the ratios are to it. */
static const peers_impl *const impls[] = {
	&peers_asn1cc, &peers_asn1c, &peers_openssl, &peers_openssl_x509,
	&peers_libtasn1, &peers_rust_asn1,
};
#define NIMPL (sizeof impls / sizeof impls[0])

/* ---- the messages (schemas/bench.asn, AUTOMATIC TAGS), byte by byte ---- */

/* IntegerStruct { a 42, b 1000, c -123456789 } */
static const uint8_t msg_integer[] = {
	0x30, 0x0d, 0x80, 0x01, 0x2a, 0x81, 0x02, 0x03, 0xe8,
	0x82, 0x04, 0xf8, 0xa4, 0x32, 0xeb,
};
/* ConstrainedStruct { small 200, medium 10000, large -1000000000 } */
static const uint8_t msg_constrained[] = {
	0x30, 0x0e, 0x80, 0x02, 0x00, 0xc8, 0x81, 0x02, 0x27, 0x10,
	0x82, 0x04, 0xc4, 0x65, 0x36, 0x00,
};
#define SIMPLE_CONTENT                                                            \
	0x80, 0x01, 0x2a, 0x81, 0x01, 0xff, 0x82, 0x10, 0x00, 0x01, 0x02, 0x03,   \
	0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
/* SimpleSequence { id 42, flag TRUE, payload 00..0f } */
static const uint8_t msg_simple[] = { 0x30, 0x18, SIMPLE_CONTENT };
/* NestedSequence { header <simple>, body { count 1000, inner <simple> } } */
static const uint8_t msg_nested[] = {
	0x30, 0x3a, 0xa0, 0x18, SIMPLE_CONTENT,
	0xa1, 0x1e, 0x80, 0x02, 0x03, 0xe8, 0xa1, 0x18, SIMPLE_CONTENT,
};
/* OCTET STRING (1024 bytes), filled in main */
static uint8_t msg_octets[4 + 1024] = { 0x04, 0x82, 0x04, 0x00 };

/* ---- certificates: the PEM bundle, to DER with OpenSSL's PEM reader ---- */

typedef struct {
	uint8_t **der;
	size_t *len;
	size_t n;
} cert_set;

static int load_bundle(const char *path, cert_set *out)
{
	BIO *bio = BIO_new_file(path, "r");
	char *name = NULL, *header = NULL;
	unsigned char *data = NULL;
	long len = 0;
	size_t cap = 0;

	if (bio == NULL) {
		fprintf(stderr, "peers-bench: cannot open %s\n", path);
		return -1;
	}
	memset(out, 0, sizeof *out);
	while (PEM_read_bio(bio, &name, &header, &data, &len) == 1) {
		if (strcmp(name, "CERTIFICATE") == 0 && len > 0 && len <= MAX_DER) {
			if (out->n == cap) {
				cap = cap ? 2 * cap : 256;
				out->der = realloc(out->der, cap * sizeof *out->der);
				out->len = realloc(out->len, cap * sizeof *out->len);
				if (out->der == NULL || out->len == NULL)
					abort();
			}
			out->der[out->n] = malloc((size_t)len);
			if (out->der[out->n] == NULL)
				abort();
			memcpy(out->der[out->n], data, (size_t)len);
			out->len[out->n] = (size_t)len;
			out->n++;
		}
		OPENSSL_free(name);
		OPENSSL_free(header);
		OPENSSL_free(data);
	}
	BIO_free(bio);
	return out->n > 0 ? 0 : -1;
}

/* ---- measurement: one bench_case per (workload, op, implementation) ---- */

typedef struct {
	int active;          /* built, and passed the byte check */
	size_t w;
	int op;
	size_t i;
	void **handles;      /* loaded values, for encode */
	size_t failures;     /* failed decodes/encodes while timing */
} cell;

/* Index into cases[] of each cell, -1 when the cell does not run. */
static int case_of[PEERS_WORKLOADS][OPS][NIMPL];
static cell cells[PEERS_WORKLOADS * OPS * NIMPL];
static bench_case cases[PEERS_WORKLOADS * OPS * NIMPL];
static size_t ncases;

static peers_msgs msgs[PEERS_WORKLOADS];
/* Encoders write at a 64-byte offset into encode_buf that changes every
 * round, and each round decodes the small messages from a fresh copy at
 * another offset: copies whose source and destination sit at nearly the same
 * offset in a 4 KiB page run several times slower (4K aliasing), and a fixed
 * placement would make that luck part of one implementation's figure. */
#define PLACEMENTS 64
static uint8_t encode_buf[2 * MAX_DER + PLACEMENTS * 64];
static uint8_t input_arena[PEERS_WORKLOADS][PLACEMENTS * 64 + 2048];
static const uint8_t *small_der[PEERS_WORKLOADS]; /* the originals, loaded for encode */
static size_t small_len[PEERS_WORKLOADS];
static const uint8_t *round_der[PEERS_WORKLOADS]; /* this round's copies, decoded */
static unsigned placed_round = (unsigned)-1;
static uint64_t sink;

/* The inputs of round r: the same for every implementation in the round. */
static void place_inputs(unsigned r)
{
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		if (w != PEERS_X509 && small_len[w] != 0) {
			uint8_t *p = input_arena[w] + ((r * 23 + w * 7) % PLACEMENTS) * 64;
			memcpy(p, small_der[w], small_len[w]);
			round_der[w] = p;
		}
	placed_round = r;
}

/* reps passes over the messages; returns how many operations failed. */
static size_t run_passes(const cell *c, size_t reps)
{
	const peers_ops *o = &impls[c->i]->op[c->w];
	size_t off = ((bench_current_round * 29 + c->i * 11) % PLACEMENTS) * 64;

	if (c->op == OP_DECODE)
		return o->decode(&msgs[c->w], reps, &sink);
	return o->encode(c->handles, msgs[c->w].n, reps, encode_buf + off, 2 * MAX_DER, &sink);
}

/* bench_fn: one operation is one pass over the workload's messages. */
static uint64_t run_cell(void *ctx, uint64_t iters)
{
	cell *c = ctx;
	size_t bad;

	/* The first batch of a round places the inputs (a copy of at most
	 * 1 KiB, inside a batch of ~0.5 ms). */
	if (placed_round != bench_current_round)
		place_inputs(bench_current_round);
	bad = run_passes(c, (size_t)iters);
	c->failures += bad;
	return bad;
}

/* ---- checks before timing ---- */

/* Byte check of one implementation on one workload: load, encode, compare.
 * Marks in ok[] the messages it handles; returns how many it does not. */
static size_t check_messages(const peers_impl *im, size_t w, unsigned char *ok)
{
	const peers_ops *o = &im->op[w];
	size_t failed = 0;

	for (size_t k = 0; k < msgs[w].n; k++) {
		void *h = o->load(msgs[w].der[k], msgs[w].len[k]);
		size_t len = 0;
		int good = h != NULL &&
			   o->encode_one(h, encode_buf, sizeof encode_buf, &len) == 0 &&
			   len == msgs[w].len[k] && memcmp(encode_buf, msgs[w].der[k], len) == 0;
		if (h != NULL)
			o->unload(h);
		if (!good) {
			ok[k] = 0;
			failed++;
		}
	}
	return failed;
}

/* ---- tables ---- */

static const bench_case *cell_case(size_t w, int op, size_t i)
{
	return case_of[w][op][i] < 0 ? NULL : &cases[case_of[w][op][i]];
}

static void format_ns(char *out, size_t cap, double ns)
{
	if (ns < 100)
		snprintf(out, cap, "%.1f", ns);
	else
		snprintf(out, cap, "%.0f", ns);
}

static const char *cell_text(size_t w, int op, size_t i, int use_min, char *out, size_t cap)
{
	const bench_case *c = cell_case(w, op, i);
	const bench_case *ours = cell_case(w, op, 0);
	char v[32];

	if (impls[i]->missing != NULL && i == 0)
		return "not yet available";
	if (impls[i]->missing != NULL)
		return "not built";
	if (impls[i]->op[w].decode == NULL)
		return i == 0 ? "not yet available" : "—";
	if (c == NULL)
		return "failed byte check";
	format_ns(v, sizeof v, use_min ? c->min_ns : c->median_ns);
	if (i == 0 || ours == NULL)
		snprintf(out, cap, "%s", v);
	else
		snprintf(out, cap, "%s (%.1f×)", v,
			 use_min ? c->min_ns / ours->min_ns : c->median_ns / ours->median_ns);
	return out;
}

/* The header of a table with a column per implementation from `first`. */
static void print_header(size_t first)
{
	printf("| workload | op |");
	for (size_t i = first; i < NIMPL; i++)
		printf(" %s |", impls[i]->name);
	printf("\n|---|---|");
	for (size_t i = first; i < NIMPL; i++)
		printf("---:|");
	printf("\n");
}

static void print_table(int use_min)
{
	char buf[64];

	print_header(0);
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++) {
			printf("| %s | %s |", workload_name[w], op_name[op]);
			for (size_t i = 0; i < NIMPL; i++)
				printf(" %s |", cell_text(w, op, i, use_min, buf, sizeof buf));
			printf("\n");
		}
}

/* Peer over asn1cc, round by round (bench_paired_ratio): both ran in the
 * same round, so machine noise that hits a whole round cancels. */
static void print_ratio_table(void)
{
	print_header(1);
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++) {
			const bench_case *ours = cell_case(w, op, 0);

			printf("| %s | %s |", workload_name[w], op_name[op]);
			for (size_t i = 1; i < NIMPL; i++) {
				const bench_case *c = cell_case(w, op, i);
				bench_ratio r;

				if (ours == NULL || c == NULL) {
					printf(" — |");
					continue;
				}
				r = bench_paired_ratio(c, ours);
				printf(" %.1f× [%.1f, %.1f] |", r.median, r.lo, r.hi);
			}
			printf("\n");
		}
}

static unsigned env_unsigned(const char *name, unsigned dflt, unsigned lo)
{
	const char *s = getenv(name);
	unsigned long v = s ? strtoul(s, NULL, 10) : dflt;
	return v < lo ? lo : v > 1000000u ? 1000000u : (unsigned)v;
}

int main(int argc, char **argv)
{
	bench_config cfg = {
		.rounds = env_unsigned("PEERS_SAMPLES", DEFAULT_SAMPLES, 30),
		.warmup_rounds = WARMUP_ROUNDS,
		.batch_ns = 1000.0 * env_unsigned("PEERS_BATCH_US", DEFAULT_BATCH_US, 100),
	};
	cert_set certs;
	const uint8_t **cert_der;
	size_t *cert_len, ncommon = 0;
	unsigned char *cert_ok;
	int rc = 0;
	FILE *dat;

	if (argc != 5) {
		fprintf(stderr, "usage: %s TASN1_DEFS CA_BUNDLE CSV_OUT DAT_OUT\n", argv[0]);
		return 2;
	}
	for (size_t k = 0; k < 1024; k++)
		msg_octets[4 + k] = (uint8_t)(k * 7 + 1);
	if (peers_libtasn1_init(argv[1]) != 0)
		return 1;
	if (load_bundle(argv[2], &certs) != 0) {
		fprintf(stderr, "peers-bench: no certificates in %s\n", argv[2]);
		return 1;
	}

	bench_banner_flags(stdout, "asn1cc and peer ASN.1 toolchains (make bench-peers)", &cfg,
			   PEERS_CFLAGS);
	for (size_t i = 0; i < NIMPL; i++)
		printf("- %s: %s%s%s\n", impls[i]->name, impls[i]->version,
		       impls[i]->missing ? " — not built: " : "",
		       impls[i]->missing ? impls[i]->missing : "");

	/* Certificates: keep those every built implementation decodes and
	 * re-encodes byte for byte, so each per-certificate figure covers the
	 * same set. */
	cert_ok = malloc(certs.n);
	if (cert_ok == NULL)
		abort();
	memset(cert_ok, 1, certs.n);
	msgs[PEERS_X509] = (peers_msgs){ (const uint8_t *const *)certs.der, certs.len, certs.n };
	printf("- certificates: %zu in %s\n", certs.n, argv[2]);
	for (size_t i = 0; i < NIMPL; i++) {
		const peers_impl *im = impls[i];
		if (im->missing == NULL && im->op[PEERS_X509].decode != NULL) {
			size_t bad = check_messages(im, PEERS_X509, cert_ok);
			if (bad)
				printf("- %s: %zu certificates not decoded or not re-encoded "
				       "byte-identically (left out for everyone)\n", im->name, bad);
		}
	}
	cert_der = malloc(certs.n * sizeof *cert_der);
	cert_len = malloc(certs.n * sizeof *cert_len);
	if (cert_der == NULL || cert_len == NULL)
		abort();
	for (size_t k = 0; k < certs.n; k++)
		if (cert_ok[k]) {
			cert_der[ncommon] = certs.der[k];
			cert_len[ncommon++] = certs.len[k];
		}
	printf("- timed set: %zu certificates, %u samples per cell after %u warm-up rounds, "
	       "batches of ~%.0f us\n", ncommon, cfg.rounds, cfg.warmup_rounds,
	       cfg.batch_ns / 1000);
	msgs[PEERS_X509] = (peers_msgs){ cert_der, cert_len, ncommon };
	if (ncommon == 0)
		return 1;

	small_der[PEERS_INTEGER] = msg_integer, small_len[PEERS_INTEGER] = sizeof msg_integer;
	small_der[PEERS_CONSTRAINED] = msg_constrained,
	small_len[PEERS_CONSTRAINED] = sizeof msg_constrained;
	small_der[PEERS_SIMPLE] = msg_simple, small_len[PEERS_SIMPLE] = sizeof msg_simple;
	small_der[PEERS_NESTED] = msg_nested, small_len[PEERS_NESTED] = sizeof msg_nested;
	small_der[PEERS_OCTETS] = msg_octets, small_len[PEERS_OCTETS] = sizeof msg_octets;
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		if (w != PEERS_X509) {
			/* Values for encode are loaded from the originals, and stay
			 * valid while the decode loops read the round's copy. */
			round_der[w] = small_der[w];
			msgs[w] = (peers_msgs){ &round_der[w], &small_len[w], 1 };
		}

	/* Byte check on the timed set, then the values to encode and the
	 * cases, in workload, operation, implementation order (the CSV's). */
	memset(case_of, -1, sizeof case_of);
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (size_t i = 0; i < NIMPL; i++) {
			const peers_impl *im = impls[i];
			const peers_ops *o = &im->op[w];
			unsigned char ok[1] = { 1 };
			unsigned char *okp = w == PEERS_X509 ? cert_ok : ok;
			void **handles;

			if (im->missing != NULL || o->decode == NULL)
				continue;
			memset(okp, 1, msgs[w].n);
			if (check_messages(im, w, okp) != 0) {
				printf("- %s %s: FAILED the byte check (decode + re-encode)\n",
				       im->name, workload_name[w]);
				rc = 1;
				continue;
			}
			handles = calloc(msgs[w].n, sizeof *handles);
			if (handles == NULL)
				abort();
			for (size_t k = 0; k < msgs[w].n; k++)
				handles[k] = o->load(msgs[w].der[k], msgs[w].len[k]);
			for (int op = 0; op < OPS; op++)
				cells[(w * OPS + (size_t)op) * NIMPL + i] = (cell){
					.active = 1, .w = w, .op = op, .i = i,
					.handles = op == OP_ENCODE ? handles : NULL,
				};
		}
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++)
			for (size_t i = 0; i < NIMPL; i++) {
				cell *c = &cells[(w * OPS + (size_t)op) * NIMPL + i];
				if (!c->active)
					continue;
				case_of[w][op][i] = (int)ncases;
				cases[ncases++] = (bench_case){ .table = workload_name[w],
								.row = op_name[op],
								.impl = impls[i]->name,
								.fn = run_cell, .ctx = c };
			}

	/* Heap use per decode (and per encode), counted outside the timed loops. */
	printf("\n### Heap allocations per operation (counting malloc wrapper)\n\n");
	print_header(0);
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++) {
			printf("| %s | %s |", workload_name[w], op_name[op]);
			for (size_t i = 0; i < NIMPL; i++) {
				peers_alloc_count a;

				if (case_of[w][op][i] < 0) {
					printf(" — |");
					continue;
				}
				peers_alloc_start();
				(void)run_passes(cases[case_of[w][op][i]].ctx, 1);
				a = peers_alloc_stop();
				printf(" %.1f calls, %.0f B |", (double)a.calls / (double)msgs[w].n,
				       (double)a.bytes / (double)msgs[w].n);
			}
			printf("\n");
		}
	printf("\nsizeof the decoded value of asn1cc (no heap behind it):");
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		if (peers_asn1cc_sizeof[w])
			printf(" %s %zu B;", workload_name[w], peers_asn1cc_sizeof[w]);
	printf("%s\n", case_of[PEERS_X509][OP_DECODE][0] >= 0 ? "" : " (not yet available)");
	fflush(stdout);

	if (bench_run_cputime(cases, ncases, &cfg) != 0) {
		for (size_t k = 0; k < ncases; k++) {
			const cell *c = cases[k].ctx;
			if (c->failures)
				printf("- %s %s %s: %zu failures while timing\n", impls[c->i]->name,
				       workload_name[c->w], op_name[c->op], c->failures);
		}
		return 1;
	}
	/* Per message, not per pass. */
	for (size_t k = 0; k < ncases; k++) {
		bench_case *bc = &cases[k];
		double n = (double)msgs[((const cell *)bc->ctx)->w].n;
		for (size_t s = 0; s < bc->nsamples; s++)
			bc->samples[s] /= n;
		bc->median_ns /= n;
		bc->min_ns /= n;
	}

	printf("\n### Median ns per operation (x509: per certificate), in brackets the "
	       "peer's time over asn1cc's\n\n");
	print_table(0);
	printf("\n### Minimum ns per operation\n\n");
	print_table(1);
	printf("\n### Peer time over asn1cc time, paired by round: median [95%% interval]\n\n");
	print_ratio_table();
	printf("\nNotes:\n");
	for (size_t i = 0; i < NIMPL; i++)
		for (size_t w = 0; w < PEERS_WORKLOADS; w++)
			if (impls[i]->missing == NULL && impls[i]->note[w] != NULL)
				printf("- %s\n", impls[i]->note[w]);
	printf("- decode includes freeing what the decoder allocated; "
	       "encode writes into a caller buffer where the library allows it\n");
	printf("\n(sink %llu)\n", (unsigned long long)sink);

	if (bench_csv_write(argv[3], cases, ncases) != 0)
		return 1;
	dat = fopen(argv[4], "w");
	if (dat == NULL) {
		fprintf(stderr, "peers-bench: cannot write %s\n", argv[4]);
		return 1;
	}
	fprintf(dat, "cell");
	for (size_t i = 0; i < NIMPL; i++)
		fprintf(dat, " %s", impls[i]->name);
	fprintf(dat, "\n");
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++) {
			fprintf(dat, "%s/%s", workload_name[w], op_name[op]);
			for (size_t i = 0; i < NIMPL; i++) {
				const bench_case *c = cell_case(w, op, i);
				if (c != NULL)
					fprintf(dat, " %.2f", c->median_ns);
				else
					fprintf(dat, " NaN");
			}
			fprintf(dat, "\n");
		}
	fclose(dat);
	bench_free(cases, ncases);
	return rc;
}
