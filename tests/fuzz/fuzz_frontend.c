/* libFuzzer target for the asn1cc front end: lexer, parser (with error
 * recovery) and sema on arbitrary bytes, then the AST dump. Any crash,
 * sanitizer report or hang is a bug; diagnostics go to /dev/null. */
#include "asn1cc.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    if (!devnull) {
        devnull = fopen("/dev/null", "w");
        if (!devnull)
            return 0;
        diag_init(devnull, false);
    }
    if (size > 1 << 20)
        return 0;
    Compilation c = {0};
    c.arena = arena_new();
    char *text = arena_alloc(c.arena, size + 1);
    memcpy(text, data, size);
    SrcFile *sf = srcfile_new(c.arena, "fuzz.asn", text, size);
    bool err = false;
    compile_source(&c, sf, true, &err);
    if (!err && sema_run(&c))
        ast_dump(devnull, &c);
    arena_free(c.arena);
    return 0;
}
