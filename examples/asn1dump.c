/*
 * asn1dump — prints the DER tree of a file like `openssl asn1parse`,
 * using only the runtime's generic walker (asn1rt_dump).
 *
 *   asn1dump FILE      FILE is DER, or PEM (the first block is used)
 *
 * Exit status: 0 on success, 1 when the input is not strict DER (the
 * error, its byte offset and the tree up to it are printed), 2 on usage
 * or I/O errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asn1rt/asn1rt.h"

static int b64_value(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

/* The first PEM block (RFC 7468) of text, decoded in place; 0 if none. */
static size_t pem_first_block(char *text, uint8_t *out)
{
    char *begin = strstr(text, "-----BEGIN "), *end;
    uint32_t acc = 0;
    int bits = 0;
    size_t n = 0;
    if (begin == NULL || (begin = strstr(begin + 11, "-----")) == NULL)
        return 0;
    begin += 5;
    if ((end = strstr(begin, "-----END ")) == NULL)
        return 0;
    for (char *p = begin; p < end; p++) {
        int v = b64_value((unsigned char)*p);
        if (v < 0)
            continue;                       /* line breaks and '=' padding */
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (uint8_t)(acc >> bits);
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    FILE *f;
    long size;
    uint8_t *data;
    size_t len;
    asn1rt_error err;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: asn1dump FILE   (DER or PEM)\n");
        return 2;
    }
    if ((f = fopen(argv[1], "rb")) == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0) {
        perror(argv[1]);
        return 2;
    }
    data = malloc((size_t)size + 1);
    if (data == NULL || fread(data, 1, (size_t)size, f) != (size_t)size) {
        perror(argv[1]);
        return 2;
    }
    fclose(f);
    data[size] = '\0';
    len = (size_t)size;
    if (strstr((char *)data, "-----BEGIN ") != NULL) {
        len = pem_first_block((char *)data, data);
        if (len == 0) {
            fprintf(stderr, "%s: no complete PEM block\n", argv[1]);
            return 2;
        }
    }
    rc = asn1rt_dump(stdout, data, len, &err);
    if (rc != ASN1RT_OK) {
        fprintf(stderr, "%s: offset %zu: %s\n", argv[1], err.offset, asn1rt_strerror(rc));
        free(data);
        return 1;
    }
    free(data);
    return 0;
}
