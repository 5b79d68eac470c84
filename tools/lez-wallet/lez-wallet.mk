# tools/lez-wallet — the wallet command-line tool over liblez.a.
# Included from tools/tools.mk (after runtime/crypto/crypto.mk).

LEZ_WALLET := $(B)/lez-wallet
PROGRAMS += $(LEZ_WALLET)
INSTALL_TARGETS += install-lez-wallet
.PHONY: install-lez-wallet

$(B)/tools/lez-wallet/lez-wallet.o: CPPFLAGS_ALL += $(LEZ_CPPFLAGS)

# lez-wallet --der uses the LEZ-Wire codec asn1cc generates from
# schemas/lez.asn (committed in generated/); without it, --der is an error.
ifneq ($(wildcard generated/lez_wire.h),)
LEZ_WIRE_OBJS := $(B)/generated/lez_wire.o $(B)/libasn1rt.a
$(B)/tools/lez-wallet/lez-wallet.o: CPPFLAGS_ALL += -DLEZ_WALLET_DER -Igenerated
$(B)/tools/lez-wallet/lez-wallet.o: generated/lez_wire.h
endif

$(LEZ_WALLET): $(B)/tools/lez-wallet/lez-wallet.o $(LEZ_LIB) $(LEZ_WIRE_OBJS)
	$(CC) $(LDFLAGS_ALL) $< $(LEZ_WIRE_OBJS) -o $@ $(LEZ_LIBS)

install-lez-wallet: $(LEZ_WALLET)
	install -D -m 755 $(LEZ_WALLET) $(DESTDIR)$(PREFIX)/bin/lez-wallet
	install -D -m 644 tools/lez-wallet/lez-wallet.1 $(DESTDIR)$(PREFIX)/share/man/man1/lez-wallet.1
