# debian/ — `make deb`: binary packages (asn1cc, libasn1rt-dev, liblez-dev,
# lez-wallet) built by dpkg-buildpackage from a copy of the tree in
# $(DEB_DIR)/src, so that the tree itself gets no debian/tmp, stamps or
# build/deb; the .deb files land in $(DEB_DIR).

DEB_DIR ?= $(B)/deb
.PHONY: deb

deb:
	@for t in dpkg-buildpackage dh fakeroot; do command -v $$t >/dev/null || \
	  { echo "deb: $$t is missing (apt-get install dpkg-dev debhelper fakeroot)" >&2; exit 2; }; done
	@v=$$(dpkg-parsechangelog -S Version); [ "$${v%-*}" = "$(VERSION)" ] || \
	  { echo "deb: debian/changelog is at $$v, VERSION at $(VERSION): add a changelog entry" >&2; exit 1; }
	rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)/src
	tar -cf - --exclude=./build --exclude=./out --exclude=./.git . | tar -C $(DEB_DIR)/src -xf -
	@# A clean environment: this make's flags (-s, its jobserver) stay here, and
	@# git in the copy does not find the repository it was copied from.
	cd $(DEB_DIR)/src && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL GIT_CEILING_DIRECTORIES=$(abspath $(DEB_DIR)) \
	  dpkg-buildpackage -b -us -uc -j2 > ../build.log 2>&1 || \
	  { tail -n 40 ../build.log; echo "deb: dpkg-buildpackage failed, log in $(DEB_DIR)/build.log" >&2; exit 1; }
	@ls $(DEB_DIR)/*.deb
