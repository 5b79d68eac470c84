/* hex.c — see hex.h. */
#include "hex.h"

#include <ctype.h>
#include <stdlib.h>

size_t unhex(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = 0;
    int hi = -1;
    for (; *hex; hex++) {
        int v;
        if (isspace((unsigned char)*hex))
            continue;
        if (*hex >= '0' && *hex <= '9') v = *hex - '0';
        else if (*hex >= 'a' && *hex <= 'f') v = *hex - 'a' + 10;
        else if (*hex >= 'A' && *hex <= 'F') v = *hex - 'A' + 10;
        else abort();                        /* a typo in a table */
        if (hi < 0) {
            hi = v;
        } else {
            if (n >= cap)
                abort();
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    if (hi >= 0)
        abort();
    return n;
}
