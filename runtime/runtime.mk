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

# Written at install time so that PREFIX is the one given to `make install`.
# Static library only, with no dependencies: no malloc, libc string/stdio.
.PHONY: install-runtime
install-runtime: $(RUNTIME_LIB)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/asn1rt
	install -m 644 $(RUNTIME_LIB) $(DESTDIR)$(PREFIX)/lib/libasn1rt.a
	install -m 644 $(RUNTIME_HDRS) $(DESTDIR)$(PREFIX)/include/asn1rt/
	printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' 'libdir=$${prefix}/lib' '' \
	  'Name: asn1rt' 'Description: strict zero-copy DER runtime for asn1cc-generated code' \
	  'Version: $(VERSION)' 'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lasn1rt' \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/asn1rt.pc
