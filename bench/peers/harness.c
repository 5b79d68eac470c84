/* make bench-peers: asn1cc's generated code side by side with the ASN.1
 * toolchains users pick instead (issue 6), in one process.
 *
 * Method (issue 4): every implementation first proves it decodes each
 * message and re-encodes the same bytes; then rounds run every
 * (workload, operation, implementation) cell once each, interleaved, the
 * order of implementations rotating per round; warm-up rounds are dropped;
 * each cell's samples give a median and a minimum. A sample is one timed
 * batch of reps x messages, sized in calibration to take PEERS_BATCH_US.
 * Every result feeds a sink that is printed, so no work can be dropped.
 *
 * usage: peers-bench TASN1_DEFS CA_BUNDLE CSV_OUT DAT_OUT */
#define _POSIX_C_SOURCE 200809L
#include "peers.h"

#include <math.h>
#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/pem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

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

/* ---- measurement ---- */

/* CPU time of this thread, not wall time: the machine is shared, and a
 * batch that another process preempts would otherwise count the other
 * process's time — more often for the long batches of the slow peers. */
static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

typedef struct {
	int active;          /* built, and passed the byte check */
	void **handles;      /* loaded values for encode */
	size_t reps;         /* per batch */
	double *samples;     /* ns per message, sorted after the rounds */
	double *by_round;    /* the same, in round order, for paired ratios */
	size_t nsamples;
	double median, min;
	size_t failures;     /* failed decodes/encodes during timing: must stay 0 */
} cell;

static cell cells[PEERS_WORKLOADS][OPS][NIMPL];
static peers_msgs msgs[PEERS_WORKLOADS];
/* Encoders write at a 64-byte offset into encode_buf that changes every
 * round, and each round decodes the small messages from a fresh copy at
 * another offset: copies whose source and destination sit at nearly the same
 * offset in a 4 KiB page run several times slower (4K aliasing), and a fixed
 * placement would make that luck part of one implementation's figure. */
#define PLACEMENTS 64
static uint8_t encode_buf[2 * MAX_DER + PLACEMENTS * 64];
static size_t encode_off;
static uint8_t input_arena[PEERS_WORKLOADS][PLACEMENTS * 64 + 2048];
static const uint8_t *small_der[PEERS_WORKLOADS]; /* the originals, loaded for encode */
static size_t small_len[PEERS_WORKLOADS];
static const uint8_t *round_der[PEERS_WORKLOADS]; /* this round's copies, decoded */
static uint64_t sink;

static uint64_t run_batch(size_t w, int op, size_t i, size_t reps, size_t *bad)
{
	const peers_ops *o = &impls[i]->op[w];
	uint64_t t0 = now_ns();

	if (op == OP_DECODE)
		*bad += o->decode(&msgs[w], reps, &sink);
	else
		*bad += o->encode(cells[w][op][i].handles, msgs[w].n, reps, encode_buf + encode_off,
				  2 * MAX_DER, &sink);
	return now_ns() - t0;
}

/* Placements for round r, implementation i (see encode_buf). */
static void place(size_t r, size_t i)
{
	encode_off = ((r * 29 + i * 11) % PLACEMENTS) * 64;
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		if (w != PEERS_X509 && small_len[w] != 0) {
			uint8_t *p = input_arena[w] + ((r * 23 + w * 7) % PLACEMENTS) * 64;
			memcpy(p, small_der[w], small_len[w]);
			round_der[w] = p;
		}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
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

static void print_machine(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512], cpu[256] = "unknown";
	struct utsname u;

	if (f != NULL) {
		while (fgets(line, sizeof line, f) != NULL) {
			char *colon = strchr(line, ':');
			if (strncmp(line, "model name", 10) == 0 && colon != NULL) {
				snprintf(cpu, sizeof cpu, "%s", colon + 2);
				cpu[strcspn(cpu, "\n")] = '\0';
				break;
			}
		}
		fclose(f);
	}
	uname(&u);
	printf("- CPU: %s (%ld online), %s %s\n", cpu, sysconf(_SC_NPROCESSORS_ONLN),
	       u.sysname, u.release);
	printf("- compiler: %s, flags: %s\n", PEERS_CC_VERSION, PEERS_CFLAGS);
	for (size_t i = 0; i < NIMPL; i++)
		printf("- %s: %s%s%s\n", impls[i]->name, impls[i]->version,
		       impls[i]->missing ? " — not built: " : "",
		       impls[i]->missing ? impls[i]->missing : "");
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
	const cell *c = &cells[w][op][i];
	const cell *ours = &cells[w][op][0];
	char v[32];

	if (impls[i]->missing != NULL && i == 0)
		return "not yet available";
	if (impls[i]->missing != NULL)
		return "not built";
	if (impls[i]->op[w].decode == NULL)
		return i == 0 ? "not yet available" : "—";
	if (!c->active)
		return "failed byte check";
	format_ns(v, sizeof v, use_min ? c->min : c->median);
	if (i == 0 || !ours->active)
		snprintf(out, cap, "%s", v);
	else
		snprintf(out, cap, "%s (%.1f×)", v,
			 use_min ? c->min / ours->min : c->median / ours->median);
	return out;
}

static void print_table(int use_min)
{
	char buf[64];

	printf("| workload | op |");
	for (size_t i = 0; i < NIMPL; i++)
		printf(" %s |", impls[i]->name);
	printf("\n|---|---|");
	for (size_t i = 0; i < NIMPL; i++)
		printf("---:|");
	printf("\n");
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++) {
			printf("| %s | %s |", workload_name[w], op_name[op]);
			for (size_t i = 0; i < NIMPL; i++)
				printf(" %s |", cell_text(w, op, i, use_min, buf, sizeof buf));
			printf("\n");
		}
}

/* Peer over asn1cc, round by round: both ran in the same round, so machine
 * noise that hits a whole round cancels. Median of the per-round ratios and
 * a distribution-free 95% interval for it (order statistics of the sorted
 * ratios, normal approximation to the binomial). */
static void print_ratio_table(void)
{
	printf("| workload | op |");
	for (size_t i = 1; i < NIMPL; i++)
		printf(" %s |", impls[i]->name);
	printf("\n|---|---|");
	for (size_t i = 1; i < NIMPL; i++)
		printf("---:|");
	printf("\n");
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++) {
			const cell *ours = &cells[w][op][0];

			printf("| %s | %s |", workload_name[w], op_name[op]);
			for (size_t i = 1; i < NIMPL; i++) {
				const cell *c = &cells[w][op][i];
				size_t n = c->nsamples, half, lo, hi;
				double *r;

				if (!ours->active || !c->active || n == 0 ||
				    (r = malloc(n * sizeof *r)) == NULL) {
					printf(" — |");
					continue;
				}
				for (size_t k = 0; k < n; k++)
					r[k] = c->by_round[k] / ours->by_round[k];
				qsort(r, n, sizeof *r, cmp_double);
				half = (size_t)(0.98 * sqrt((double)n)); /* 1.96 * sqrt(n) / 2 */
				lo = n / 2 > half ? n / 2 - half : 0;
				hi = n / 2 + half < n ? n / 2 + half : n - 1;
				printf(" %.1f× [%.1f, %.1f] |",
				       n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2, r[lo], r[hi]);
				free(r);
			}
			printf("\n");
		}
}

static size_t env_size(const char *name, size_t dflt, size_t lo)
{
	const char *s = getenv(name);
	size_t v = s ? (size_t)strtoull(s, NULL, 10) : dflt;
	return v < lo ? lo : v;
}

int main(int argc, char **argv)
{
	size_t nsamples = env_size("PEERS_SAMPLES", DEFAULT_SAMPLES, 30);
	uint64_t batch_ns = env_size("PEERS_BATCH_US", DEFAULT_BATCH_US, 100) * 1000u;
	cert_set certs;
	const uint8_t **cert_der;
	size_t *cert_len, ncommon = 0;
	unsigned char *cert_ok;
	int rc = 0;
	FILE *csv, *dat;

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

	printf("## asn1cc and peer ASN.1 toolchains (make bench-peers)\n\n");
	print_machine();

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
	printf("- timed set: %zu certificates, %zu samples per cell after %d warm-up rounds, "
	       "batches of ~%llu us\n", ncommon, nsamples, WARMUP_ROUNDS,
	       (unsigned long long)(batch_ns / 1000));
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

	/* Byte check on the timed set, then the values to encode. */
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (size_t i = 0; i < NIMPL; i++) {
			const peers_impl *im = impls[i];
			const peers_ops *o = &im->op[w];
			unsigned char ok[1] = { 1 };
			unsigned char *okp = w == PEERS_X509 ? cert_ok : ok;
			int good;

			if (im->missing != NULL || o->decode == NULL)
				continue;
			memset(okp, 1, msgs[w].n);
			good = check_messages(im, w, okp) == 0;
			if (!good) {
				printf("- %s %s: FAILED the byte check (decode + re-encode)\n",
				       im->name, workload_name[w]);
				rc = 1;
				continue;
			}
			for (int op = 0; op < OPS; op++) {
				cell *c = &cells[w][op][i];
				c->active = 1;
				c->samples = calloc(nsamples, sizeof *c->samples);
				c->by_round = calloc(nsamples, sizeof *c->by_round);
				if (c->samples == NULL || c->by_round == NULL)
					abort();
			}
			cell *e = &cells[w][OP_ENCODE][i];
			e->handles = calloc(msgs[w].n, sizeof *e->handles);
			if (e->handles == NULL)
				abort();
			for (size_t k = 0; k < msgs[w].n; k++)
				e->handles[k] = o->load(msgs[w].der[k], msgs[w].len[k]);
		}

	/* Heap use per decode (and per encode), counted outside the timed loops. */
	printf("\n### Heap allocations per operation (counting malloc wrapper)\n\n");
	printf("| workload | op |");
	for (size_t i = 0; i < NIMPL; i++)
		printf(" %s |", impls[i]->name);
	printf("\n|---|---|");
	for (size_t i = 0; i < NIMPL; i++)
		printf("---:|");
	printf("\n");
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++) {
			printf("| %s | %s |", workload_name[w], op_name[op]);
			for (size_t i = 0; i < NIMPL; i++) {
				cell *c = &cells[w][op][i];
				size_t bad = 0;
				peers_alloc_count a;

				if (!c->active) {
					printf(" — |");
					continue;
				}
				peers_alloc_start();
				run_batch(w, op, i, 1, &bad);
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
	printf("%s\n", cells[PEERS_X509][OP_DECODE][0].active ? "" : " (not yet available)");

	/* Calibration: reps per batch so that one batch takes about batch_ns. */
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++)
			for (size_t i = 0; i < NIMPL; i++) {
				cell *c = &cells[w][op][i];
				size_t reps = 1, bad = 0;
				uint64_t t;

				if (!c->active)
					continue;
				place(0, i);
				for (;;) {
					t = run_batch(w, op, i, reps, &bad);
					if (t >= batch_ns / 8 || reps > ((size_t)1 << 28))
						break;
					reps *= 8;
				}
				c->reps = (size_t)((double)reps * (double)batch_ns / (double)(t ? t : 1));
				if (c->reps == 0)
					c->reps = 1;
			}

	/* Rounds: every cell once per round, implementations in rotating order. */
	for (size_t round = 0; round < WARMUP_ROUNDS + nsamples; round++)
		for (size_t w = 0; w < PEERS_WORKLOADS; w++)
			for (int op = 0; op < OPS; op++)
				for (size_t j = 0; j < NIMPL; j++) {
					size_t i = (j + round) % NIMPL;
					cell *c = &cells[w][op][i];
					uint64_t t;

					if (!c->active)
						continue;
					place(round, i);
					t = run_batch(w, op, i, c->reps, &c->failures);
					if (round >= WARMUP_ROUNDS)
						c->samples[c->nsamples++] =
							(double)t / (double)(c->reps * msgs[w].n);
				}

	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++)
			for (size_t i = 0; i < NIMPL; i++) {
				cell *c = &cells[w][op][i];
				if (!c->active)
					continue;
				if (c->failures) {
					printf("- %s %s %s: %zu failures while timing\n", impls[i]->name,
					       workload_name[w], op_name[op], c->failures);
					rc = 1;
				}
				memcpy(c->by_round, c->samples, c->nsamples * sizeof *c->samples);
				qsort(c->samples, c->nsamples, sizeof *c->samples, cmp_double);
				c->min = c->samples[0];
				c->median = c->nsamples % 2
					? c->samples[c->nsamples / 2]
					: (c->samples[c->nsamples / 2 - 1] + c->samples[c->nsamples / 2]) / 2;
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
			if (impls[i]->missing == NULL && impls[i]->op[w].note != NULL)
				printf("- %s\n", impls[i]->op[w].note);
	printf("- decode includes freeing what the decoder allocated; "
	       "encode writes into a caller buffer where the library allows it\n");
	printf("\n(sink %llu)\n", (unsigned long long)sink);

	csv = fopen(argv[3], "w");
	dat = fopen(argv[4], "w");
	if (csv == NULL || dat == NULL) {
		fprintf(stderr, "peers-bench: cannot write %s or %s\n", argv[3], argv[4]);
		return 1;
	}
	fprintf(csv, "table,row,implementation,median_ns,min_ns,samples\n");
	fprintf(dat, "cell");
	for (size_t i = 0; i < NIMPL; i++)
		fprintf(dat, " %s", impls[i]->name);
	fprintf(dat, "\n");
	for (size_t w = 0; w < PEERS_WORKLOADS; w++)
		for (int op = 0; op < OPS; op++) {
			fprintf(dat, "%s/%s", workload_name[w], op_name[op]);
			for (size_t i = 0; i < NIMPL; i++) {
				const cell *c = &cells[w][op][i];
				if (c->active) {
					fprintf(csv, "%s,%s,%s,%.2f,%.2f,%zu\n", workload_name[w],
						op_name[op], impls[i]->name, c->median, c->min,
						c->nsamples);
					fprintf(dat, " %.2f", c->median);
				} else {
					fprintf(dat, " NaN");
				}
			}
			fprintf(dat, "\n");
		}
	fclose(csv);
	fclose(dat);
	return rc;
}
