# runtime/ — libasn1rt.a: every runtime/*.c (files of other owners, e.g.
# jer.c and gen_support.c, join by the wildcard), headers and pkg-config.

RUNTIME_SRCS := $(sort $(wildcard runtime/*.c))
RUNTIME_OBJS := $(RUNTIME_SRCS:%.c=$(B)/%.o)
RUNTIME_LIB  := $(B)/libasn1rt.a
RUNTIME_HDRS := $(sort $(wildcard runtime/include/asn1rt/*.h))

PROGRAMS += $(RUNTIME_LIB)
INSTALL_TARGETS += install-runtime

$(RUNTIME_LIB): $(RUNTIME_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

# Static library only: pkg-config --static is not needed, there are no
# dependencies (no malloc, no libc beyond string.h and stdio.h).
$(B)/asn1rt.pc: runtime/runtime.mk
	@mkdir -p $(dir $@)
	printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' 'libdir=$${prefix}/lib' '' \
	  'Name: asn1rt' 'Description: strict zero-copy DER runtime for asn1cc-generated code' \
	  'Version: $(VERSION)' 'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lasn1rt' > $@

.PHONY: install-runtime
install-runtime: $(RUNTIME_LIB) $(B)/asn1rt.pc
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/asn1rt
	install -m 644 $(RUNTIME_LIB) $(DESTDIR)$(PREFIX)/lib/libasn1rt.a
	install -m 644 $(RUNTIME_HDRS) $(DESTDIR)$(PREFIX)/include/asn1rt/
	install -m 644 $(B)/asn1rt.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/asn1rt.pc
