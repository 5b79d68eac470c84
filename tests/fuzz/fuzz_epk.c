/* Fuzz target: the receiver's DH on an untrusted ephemeral public key
 * (lez_dh_receiver) and the sender's on an untrusted VPK (lez_dh_sender).
 *
 * Input: 33 bytes of point, then 32 bytes of scalar (zero-padded when short).
 * Properties: a point is accepted exactly when libsecp256k1's own parser
 * accepts it as a 33-byte compressed key, a scalar exactly when
 * secp256k1_ec_seckey_verify does; the shared secret is x(k·P) computed
 * independently here, and both sides agree; outputs are zero on failure. */
#include <string.h>
#include <secp256k1.h>

#include "lez.h"
#include "fuzz.h"

static lez_ctx ctx;
static secp256k1_context *ref;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t zero33[33];
    uint8_t point[LEZ_POINT_LEN] = { 0 }, scalar[LEZ_SCALAR_LEN] = { 0 };
    uint8_t shared[LEZ_SCALAR_LEN], shared2[LEZ_SCALAR_LEN], epk[LEZ_POINT_LEN];
    secp256k1_pubkey pk;
    bool point_ok, scalar_ok;
    lez_status st;

    if (ref == NULL) {
        FUZZ_REQUIRE(lez_ctx_init(&ctx) == LEZ_OK);
        ref = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
        FUZZ_REQUIRE(ref != NULL);
    }
    if (size < LEZ_POINT_LEN)
        return 0;
    memcpy(point, data, LEZ_POINT_LEN);
    memcpy(scalar, data + LEZ_POINT_LEN, size - LEZ_POINT_LEN < 32 ? size - LEZ_POINT_LEN : 32);

    point_ok = (point[0] == 2 || point[0] == 3) && secp256k1_ec_pubkey_parse(ref, &pk, point, sizeof point);
    scalar_ok = secp256k1_ec_seckey_verify(ref, scalar) == 1;

    memset(shared, 0xA5, sizeof shared);
    st = lez_dh_receiver(&ctx, scalar, point, shared);
    if (!scalar_ok)
        FUZZ_REQUIRE(st == LEZ_E_SCALAR || (st == LEZ_E_POINT && !point_ok));
    else if (!point_ok)
        FUZZ_REQUIRE(st == LEZ_E_POINT);
    else
        FUZZ_REQUIRE(st == LEZ_OK);
    if (st != LEZ_OK) {
        FUZZ_REQUIRE(memcmp(shared, zero33, sizeof shared) == 0);
    } else {
        /* Independent: x coordinate of scalar·P. */
        secp256k1_pubkey prod = pk;
        uint8_t ser[33];
        size_t n = sizeof ser;
        FUZZ_REQUIRE(secp256k1_ec_pubkey_tweak_mul(ref, &prod, scalar) == 1);
        FUZZ_REQUIRE(secp256k1_ec_pubkey_serialize(ref, ser, &n, &prod, SECP256K1_EC_COMPRESSED) == 1);
        FUZZ_REQUIRE(memcmp(shared, ser + 1, 32) == 0);
    }

    /* The sender with the same scalar as esk and the point as VPK. */
    memset(shared2, 0xA5, sizeof shared2);
    memset(epk, 0xA5, sizeof epk);
    st = lez_dh_sender(&ctx, scalar, point, epk, shared2);
    if (scalar_ok && point_ok) {
        secp256k1_pubkey g;
        uint8_t ser[33];
        size_t n = sizeof ser;
        FUZZ_REQUIRE(st == LEZ_OK && memcmp(shared, shared2, sizeof shared) == 0);
        FUZZ_REQUIRE(secp256k1_ec_pubkey_create(ref, &g, scalar) == 1);
        FUZZ_REQUIRE(secp256k1_ec_pubkey_serialize(ref, ser, &n, &g, SECP256K1_EC_COMPRESSED) == 1);
        FUZZ_REQUIRE(memcmp(epk, ser, sizeof ser) == 0);
    } else {
        FUZZ_REQUIRE(st == LEZ_E_SCALAR || st == LEZ_E_POINT);
        FUZZ_REQUIRE(memcmp(shared2, zero33, sizeof shared2) == 0 && memcmp(epk, zero33, sizeof epk) == 0);
    }
    return 0;
}
