/* der_file.c — see der_file.h. */
#include "der_file.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/bio.h>
#include <openssl/pem.h>

uint8_t *der_file_read(const char *path, bool pem, size_t *len)
{
    BIO *b = BIO_new_file(path, "rb");
    uint8_t *der = NULL;
    if (!b)
        return NULL;
    if (pem) {
        char *name = NULL, *header = NULL;
        unsigned char *data = NULL;
        long n = 0;
        if (PEM_read_bio(b, &name, &header, &data, &n) == 1 && n > 0 && (der = malloc((size_t)n)) != NULL) {
            memcpy(der, data, (size_t)n);
            *len = (size_t)n;
        }
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(data);
    } else {
        static uint8_t buf[1 << 16];
        int n = BIO_read(b, buf, sizeof buf);
        if (n > 0 && (der = malloc((size_t)n)) != NULL) {
            memcpy(der, buf, (size_t)n);
            *len = (size_t)n;
        }
    }
    BIO_free(b);
    return der;
}
