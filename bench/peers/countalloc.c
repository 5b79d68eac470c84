/* A counting malloc for the peers bench: the harness defines malloc and
 * friends, so every heap call in the process (OpenSSL, libtasn1, asn1c's
 * code, Rust's std) lands here and is forwarded to glibc's own entry points.
 * Counting is off except between peers_alloc_start and peers_alloc_stop, so
 * the timed loops pay one predictable branch per call. glibc only. */
#include "peers.h"

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void *__libc_memalign(size_t align, size_t size);
extern void __libc_free(void *p);

static int counting;
static peers_alloc_count counted;

static void note(size_t size)
{
	if (counting) {
		counted.calls++;
		counted.bytes += size;
	}
}

void peers_alloc_start(void)
{
	counted.calls = 0;
	counted.bytes = 0;
	counting = 1;
}

peers_alloc_count peers_alloc_stop(void)
{
	counting = 0;
	return counted;
}

void *malloc(size_t size)
{
	note(size);
	return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	note(n * size);
	return __libc_calloc(n, size);
}

/* A realloc counts as an allocation of the new size: it may move. */
void *realloc(void *p, size_t size)
{
	note(size);
	return __libc_realloc(p, size);
}

void free(void *p)
{
	__libc_free(p);
}

int posix_memalign(void **out, size_t align, size_t size)
{
	void *p;

	note(size);
	p = __libc_memalign(align, size);
	if (p == NULL)
		return ENOMEM;
	*out = p;
	return 0;
}

void *aligned_alloc(size_t align, size_t size)
{
	note(size);
	return __libc_memalign(align, size);
}

void *memalign(size_t align, size_t size)
{
	note(size);
	return __libc_memalign(align, size);
}
