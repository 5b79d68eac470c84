/* ber-widen — rewrites BER with definite lengths so that the length of
 * every constructed element takes N octets in the long form (0x80|N then
 * N octets), the way some senders write them:
 *   N = 4: Active Directory and OpenLDAP's ber_alloc() path (0x84 ...)
 *   N = 2: Net-SNMP's forward encoder, asn_build_sequence (0x82 ...)
 * Primitive elements keep their length as it is. Input is one or more
 * elements one after another (an LDAP stream); the output is the same
 * values, no longer DER, for the decoders to read back
 * (tests/ber/ber.mk).
 *
 *   ber-widen N < in.ber > out.ber
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIDEN_MAX (1u << 22)
#define WIDEN_DEPTH 64

static unsigned char in[WIDEN_MAX], out[WIDEN_MAX * 2];
static size_t out_len;
static unsigned width;

_Noreturn static void die(const char *why, size_t at)
{
    fprintf(stderr, "ber-widen: %s at octet %zu\n", why, at);
    exit(1);
}

static void put(const unsigned char *p, size_t n)
{
    if (n > sizeof out - out_len)
        die("output too large", 0);
    memcpy(out + out_len, p, n);
    out_len += n;
}

/* Rewrites the elements of in[at..end); returns nothing, dies on input it
 * does not understand (indefinite lengths, truncation). */
static void widen(size_t at, size_t end, unsigned depth)
{
    if (depth > WIDEN_DEPTH)
        die("nesting too deep", at);
    while (at < end) {
        size_t id_start = at, len = 0;
        int constructed = (in[at] & 0x20) != 0;
        if ((in[at++] & 0x1f) == 0x1f) {
            do {
                if (at >= end)
                    die("truncated identifier", id_start);
            } while (in[at++] & 0x80);
        }
        if (at >= end)
            die("missing length", id_start);
        size_t id_len = at - id_start;
        unsigned char first = in[at++];
        if (first == 0x80)
            die("indefinite length (not handled)", id_start);
        if (first & 0x80) {
            unsigned n = first & 0x7f;
            if (n > sizeof(size_t) || n > end - at)
                die("bad length", id_start);
            while (n--)
                len = len << 8 | in[at++];
        } else {
            len = first;
        }
        if (len > end - at)
            die("length past the end", id_start);
        put(in + id_start, id_len);
        if (!constructed) {
            put(in + id_start + id_len, at - id_start - id_len);
            put(in + at, len);
        } else {
            /* Content first into place, then its length in front: the
             * widened content is longer than len, so write a placeholder. */
            size_t len_at = out_len;
            unsigned char hdr[9] = {(unsigned char)(0x80 | width)};
            put(hdr, 1 + width);
            size_t content_at = out_len;
            widen(at, at + len, depth + 1);
            size_t clen = out_len - content_at;
            if (width < sizeof(size_t) && clen >> (8 * width) != 0)
                die("content too long for the width", id_start);
            for (unsigned i = 0; i < width; i++)
                out[len_at + 1 + i] = (unsigned char)(clen >> (8 * (width - 1 - i)));
        }
        at += len;
    }
}

int main(int argc, char **argv)
{
    size_t n;
    if (argc != 2 || (width = (unsigned)atoi(argv[1])) < 1 || width > 4) {
        fputs("usage: ber-widen N < in.ber > out.ber   (N = 1..4 length octets)\n", stderr);
        return 2;
    }
    n = fread(in, 1, sizeof in, stdin);
    if (n == sizeof in)
        die("input too large", n);
    widen(0, n, 0);
    return fwrite(out, 1, out_len, stdout) == out_len ? 0 : 1;
}
