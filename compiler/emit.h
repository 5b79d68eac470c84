/* emit.h — the back end's entry points, called by main.c after sema_cmap:
 * emit_c.c writes <module>.h and <module>.c for every module the mapping
 * marks, emit_fuzz.c a libFuzzer harness. Both print only what cmap.h
 * holds. */
#ifndef ASN1CC_EMIT_H
#define ASN1CC_EMIT_H

#include "cmap.h"

/* outdir/<module>.h and .c for each module with CModule.emit; 0, or
 * non-zero after a diagnosed I/O error. */
int emit_module_files(const CMap *map, const char *outdir);

/* outdir/fuzz_T.c for type T (ASN.1 or C name) of a module written by this
 * run; 0, 1 when there is no such type, 2 on I/O errors. */
int emit_fuzz_harness(const CMap *map, const char *type, const char *outdir);

#endif /* ASN1CC_EMIT_H */
