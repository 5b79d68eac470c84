/* der_file.h — test inputs as files: DER, or PEM that OpenSSL unwraps. */
#ifndef TEST_DER_FILE_H
#define TEST_DER_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The DER of the file at path: with pem, the data of its first PEM block
 * (OpenSSL's PEM_read_bio); else the file's bytes, at most 64 KiB. Returns
 * a malloc'd copy and sets *len, or NULL (and leaves *len) when the file
 * cannot be read, is empty or holds no PEM block. */
uint8_t *der_file_read(const char *path, bool pem, size_t *len);

#endif
