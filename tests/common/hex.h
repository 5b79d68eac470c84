/* hex.h — test tables write bytes as hex text; this turns it into bytes. */
#ifndef TEST_HEX_H
#define TEST_HEX_H

#include <stddef.h>
#include <stdint.h>

/* Hex text ("02 01 7F", either case) to bytes in out; white space between
 * digits is skipped. Returns the number of bytes. A character that is not a
 * hex digit or white space, an odd number of digits, or more than cap bytes
 * aborts the program: it is a typo in a table, not a test result. */
size_t unhex(const char *hex, uint8_t *out, size_t cap);

#endif
