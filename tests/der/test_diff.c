/* Differential against OpenSSL over python3-cryptography-vectors.
 *
 * CRLs have a schema (CertificateList, schemas/rfc5280-PKIX1Explicit88.asn):
 * our generated decoder's accept/reject is compared with d2i_X509_CRL on
 * every CRL sample. CSRs (PKCS #10) and PKCS #7 have no schema in schemas/;
 * for them the strict generic walker (asn1rt_walk) is compared with
 * d2i_X509_REQ / d2i_PKCS7, which shows where OpenSSL accepts BER.
 * Certificates are compared field by field in tests/codegen/test_x509.c.
 *
 * Every disagreement is listed in `known` with the X.690 rule that makes
 * us stricter (or the reason OpenSSL is); an unlisted disagreement fails,
 * and so does a listed one that no longer occurs. */
#define _POSIX_C_SOURCE 200809L
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "dertest.h"
#include "pkix1explicit88.h"

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors"


typedef struct known {
    const char *file;      /* under VECTORS */
    int index;             /* block in a PEM file, 0 for DER */
    bool we_accept;        /* which side accepts */
    int code;              /* our code when we reject */
    const char *rule;
} known;

static const known known_cases[] = {
#include "diff_known.inc"
    { NULL, 0, false, 0, NULL }
};

typedef struct tally {
    int samples, agree_accept, agree_reject, listed, unlisted;
} tally;

static bool listed_seen[sizeof known_cases / sizeof known_cases[0]];

static int ours(enum der_kind k, const uint8_t *der, size_t len, asn1rt_error *err)
{
    static CertificateList crl;
    asn1rt_error_clear(err);
    if (k == K_CRL) {
        int rc = CertificateList_decode_ex(&crl, der, len, 0, err);
        /* An accepted CRL must re-encode to the same bytes. */
        if (rc == ASN1RT_OK) {
            uint8_t *buf = malloc(len);
            size_t n = 0;
            CU_ASSERT_FATAL(buf != NULL);
            CU_ASSERT(CertificateList_encode(&crl, buf, len, &n) == ASN1RT_OK && n == len &&
                      memcmp(buf, der, len) == 0);
            CU_ASSERT(CertificateList_check(&crl) == ASN1RT_OK);
            free(buf);
        }
        return rc;
    }
    return asn1rt_walk(der, len, 0, NULL, NULL, err);
}

static void compare(const char *rel, int index, enum der_kind k, const uint8_t *der, size_t len, tally *t)
{
    asn1rt_error err;
    int rc = ours(k, der, len, &err);
    bool we = rc == ASN1RT_OK, they = openssl_accepts(k, der, len);
    t->samples++;
    if (we == they) {
        if (we)
            t->agree_accept++;
        else
            t->agree_reject++;
        return;
    }
    for (size_t i = 0; known_cases[i].file != NULL; i++) {
        const known *c = &known_cases[i];
        if (strcmp(c->file, rel) == 0 && c->index == index && c->we_accept == we && (we || c->code == rc)) {
            listed_seen[i] = true;
            t->listed++;
            return;
        }
    }
    {
        char path[256];
        asn1rt_error_path(&err, path, sizeof path);
        printf("\n    { \"%s\", %d, %s, %d, \"?\" }, /* %s at %zu %s */", rel, index, we ? "true" : "false", rc,
               asn1rt_strerror(rc), err.offset, path);
    }
    t->unlisted++;
}

/* Every PEM block of the wanted name, or the whole file as DER. */
static void sample_file(const char *rel, enum der_kind k, tally *t)
{
    static const char *const pem_names[] = { "X509 CRL", "CERTIFICATE REQUEST", "PKCS7" };  /* by enum der_kind */
    char path[512];
    size_t len;
    uint8_t *data;
    snprintf(path, sizeof path, "%s/%s", VECTORS, rel);
    data = der_read_file(path, &len);
    if (data == NULL)
        return;
    if (len > 10 && memcmp(data, "-----BEGIN", 10) == 0) {
        pem_block *blocks = NULL;
        size_t nb = pem_blocks(data, len, pem_names[k], &blocks);
        for (size_t i = 0; i < nb; i++) {
            compare(rel, (int)i, k, blocks[i].der, blocks[i].len, t);
            free(blocks[i].der);
        }
        free(blocks);
    } else {
        compare(rel, 0, k, data, len, t);
    }
    free(data);
}

static bool is_crl_name(const char *n)
{
    return strstr(n, "crl") != NULL && strstr(n, "cdp_") == NULL && strstr(n, "freshest") == NULL;
}

static void sample_dir(const char *rel_dir, enum der_kind k, bool (*want)(const char *), tally *t)
{
    char path[512];
    DIR *d;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0;
    snprintf(path, sizeof path, "%s/%s", VECTORS, rel_dir);
    d = opendir(path);
    if (d == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || (want && !want(e->d_name)))
            continue;
        names = realloc(names, (n + 1) * sizeof *names);
        CU_ASSERT_FATAL(names != NULL);
        names[n] = malloc(strlen(rel_dir) + strlen(e->d_name) + 2);
        CU_ASSERT_FATAL(names[n] != NULL);
        sprintf(names[n], "%s/%s", rel_dir, e->d_name);
        n++;
    }
    closedir(d);
    for (size_t i = 0; i < n; i++) {
        sample_file(names[i], k, t);
        free(names[i]);
    }
    free(names);
}

static void report(const char *what, const tally *t)
{
    printf("\n  differential %-36s %4d samples: both accept %d, both reject %d, listed disagreements %d, unlisted %d",
           what, t->samples, t->agree_accept, t->agree_reject, t->listed, t->unlisted);
    CU_ASSERT(t->samples > 0);
    CU_ASSERT_EQUAL(t->unlisted, 0);
}

static void test_crl(void)
{
    tally t = { 0 };
    sample_dir("x509/custom", K_CRL, is_crl_name, &t);
    sample_dir("x509/PKITS_data/crls", K_CRL, NULL, &t);
    report("CRLs: CertificateList vs d2i_X509_CRL", &t);
}

static void test_csr(void)
{
    tally t = { 0 };
    sample_dir("x509/requests", K_CSR, NULL, &t);
    report("CSRs: asn1rt_walk vs d2i_X509_REQ", &t);
}

static void test_pkcs7(void)
{
    tally t = { 0 };
    sample_dir("pkcs7", K_PKCS7, NULL, &t);
    report("PKCS #7: asn1rt_walk vs d2i_PKCS7", &t);
}

static void test_stale(void)
{
    for (size_t i = 0; known_cases[i].file != NULL; i++) {
        if (!listed_seen[i])
            printf("\n  listed disagreement no longer seen: %s[%d]", known_cases[i].file, known_cases[i].index);
        CU_ASSERT(listed_seen[i]);
    }
}

static int vectors_present(void)
{
    DIR *d = opendir(VECTORS);
    if (d == NULL)
        return 0;
    closedir(d);
    return 1;
}

void register_diff_suite(void)
{
    static const cunit_test tests[] = {
        { "CRLs", test_crl },
        { "CSRs (walker)", test_csr },
        { "PKCS #7 (walker)", test_pkcs7 },
        { "no stale entries", test_stale },
    };
    bool present = vectors_present();
    /* deps.sh installs python3-cryptography-vectors; without it there is
     * nothing to compare, and the suite stays in the summary, empty. */
    if (!present)
        printf("der: %s missing: differential suite not run\n", VECTORS);
    cunit_add_suite("der-differential-openssl", NULL, NULL, tests, present ? CUNIT_COUNT(tests) : 0);
}
