# cmake/ — the CMake package: `make install` puts asn1ccConfig.cmake (the
# imported targets), asn1ccGenerate.cmake (asn1cc_generate) and the version
# file, written from VERSION, in $(PREFIX)/lib/cmake/asn1cc. The config finds everything from
# its own place, so it is installed as it stands.

INSTALL_TARGETS += install-cmake
.PHONY: install-cmake

# The version file refuses a consumer built for another pointer size.
CMAKE_SIZEOF_VOID_P := $(shell printf '__SIZEOF_POINTER__\n' | $(CC) -E -P -x c - 2>/dev/null | tail -n 1)

install-cmake: cmake/asn1ccConfig.cmake cmake/asn1ccGenerate.cmake cmake/asn1ccConfigVersion.cmake.in VERSION
	install -d $(DESTDIR)$(PREFIX)/lib/cmake/asn1cc
	install -m 644 cmake/asn1ccConfig.cmake cmake/asn1ccGenerate.cmake $(DESTDIR)$(PREFIX)/lib/cmake/asn1cc/
	sed -e 's/@VERSION@/$(VERSION)/g' -e 's/@SIZEOF_VOID_P@/$(CMAKE_SIZEOF_VOID_P)/g' \
	  cmake/asn1ccConfigVersion.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/asn1cc/asn1ccConfigVersion.cmake
	chmod 644 $(DESTDIR)$(PREFIX)/lib/cmake/asn1cc/asn1ccConfigVersion.cmake
