/* refused.h — what a decoder's refusal says, asserted in one call: the
 * code it returned, and the code, offset and component path of its
 * asn1rt_error. */
#ifndef TEST_REFUSED_H
#define TEST_REFUSED_H

#include <stddef.h>

#include <asn1rt/asn1rt.h>

/* Four CUnit assertions at the caller's line: rc == code, err->code ==
 * code, err->offset == offset and asn1rt_error_path(err) == path ("" for
 * the value itself). When any fails, prints name with what was got and
 * what was wanted, so that a failed table row says which it is. */
#define ASSERT_REFUSED(name, rc, err, code, offset, path) \
    assert_refused((name), (rc), (err), (code), (offset), (path), __FILE__, __LINE__)
void assert_refused(const char *name, int rc, const asn1rt_error *err, int code, size_t offset, const char *path,
                    const char *file, unsigned line);

#endif
