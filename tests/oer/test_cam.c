/* test_cam.c — cross-encoding on the EN 302 637-2 CAM (schemas/etsi/,
 * compiled with --encodings der,oer,uper --prefix cam_): for random CAMs,
 * DER, canonical OER and UPER each decode(encode(v)) equal to v and encode
 * the decoded value to the same octets. IEEE 1609.2 has recursive types,
 * which the PER emitter declines, so the three-way property runs here;
 * test_ieee.c runs DER and OER on certificates. */
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "cam_pdu_descriptions.h"
#include "cunit_run.h"

static uint64_t g_rng = 0xD1B54A32D192ED03u;
static int64_t in_range(int64_t lo, int64_t hi)   /* xorshift64*, the same values on every run */
{
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    uint64_t r = (g_rng * 0x2545F4914F6CDD1Du) >> 11;
    return lo + (int64_t)(r % (uint64_t)(hi - lo + 1));
}

static void random_cam(cam_CAM *m)
{
    cam_CAM_init(m);
    m->header.protocolVersion = (uint8_t)in_range(0, 255);
    m->header.messageID = (uint8_t)in_range(0, 255);
    m->header.stationID = (uint32_t)in_range(0, 4294967295);
    m->cam.generationDeltaTime = (uint16_t)in_range(0, 65535);
    cam_BasicContainer *b = &m->cam.camParameters.basicContainer;
    b->stationType = (uint8_t)in_range(0, 255);
    b->referencePosition.latitude = (int32_t)in_range(-900000000, 900000001);
    b->referencePosition.longitude = (int32_t)in_range(-1800000000, 1800000001);
    b->referencePosition.positionConfidenceEllipse.semiMajorConfidence = (uint16_t)in_range(0, 4095);
    b->referencePosition.positionConfidenceEllipse.semiMinorConfidence = (uint16_t)in_range(0, 4095);
    b->referencePosition.positionConfidenceEllipse.semiMajorOrientation = (uint16_t)in_range(0, 3601);
    b->referencePosition.altitude.altitudeValue = (int32_t)in_range(-100000, 800001);
    b->referencePosition.altitude.altitudeConfidence = (cam_AltitudeConfidence)in_range(0, 15);
    m->cam.camParameters.highFrequencyContainer.present = cam_HighFrequencyContainer_PR_basicVehicleContainerHighFrequency;
    cam_BasicVehicleContainerHighFrequency *h = &m->cam.camParameters.highFrequencyContainer.u.basicVehicleContainerHighFrequency;
    h->heading.headingValue = (uint16_t)in_range(0, 3601);
    h->heading.headingConfidence = (uint8_t)in_range(1, 127);
    h->speed.speedValue = (uint16_t)in_range(0, 16383);
    h->speed.speedConfidence = (uint8_t)in_range(1, 127);
    h->driveDirection = (cam_DriveDirection)in_range(0, 2);
    h->vehicleLength.vehicleLengthValue = (uint16_t)in_range(1, 1023);
    h->vehicleLength.vehicleLengthConfidenceIndication = (cam_VehicleLengthConfidenceIndication)in_range(0, 4);
    h->vehicleWidth = (uint8_t)in_range(1, 62);
    h->longitudinalAcceleration.longitudinalAccelerationValue = (int16_t)in_range(-160, 161);
    h->longitudinalAcceleration.longitudinalAccelerationConfidence = (uint8_t)in_range(0, 102);
    h->curvature.curvatureValue = (int16_t)in_range(-1023, 1023);
    h->curvature.curvatureConfidence = (cam_CurvatureConfidence)in_range(0, 7);
    h->curvatureCalculationMode = (cam_CurvatureCalculationMode)in_range(0, 2);
    h->yawRate.yawRateValue = (int16_t)in_range(-32766, 32767);
    h->yawRate.yawRateConfidence = (cam_YawRateConfidence)in_range(0, 8);
    if (in_range(0, 1)) {
        h->lanePosition_present = true;
        h->lanePosition = (int8_t)in_range(-1, 14);
    }
}

typedef int (*enc_fn)(const cam_CAM *, uint8_t *, size_t, size_t *);
typedef int (*dec_fn)(cam_CAM *, const uint8_t *, size_t);

static int der_dec(cam_CAM *m, const uint8_t *p, size_t n) { return cam_CAM_decode(m, p, n); }
static int oer_dec(cam_CAM *m, const uint8_t *p, size_t n) { return cam_CAM_oer_decode(m, p, n, NULL); }
static int uper_dec(cam_CAM *m, const uint8_t *p, size_t n) { return cam_CAM_uper_decode(m, p, n, NULL); }

static const struct { const char *name; enc_fn enc; dec_fn dec; } rules[] = {
    { "DER", cam_CAM_encode, der_dec },
    { "OER", cam_CAM_oer_encode, oer_dec },
    { "UPER", cam_CAM_uper_encode, uper_dec },
};

static void test_cross(void)
{
    unsigned bad[3] = { 0, 0, 0 }, invalid = 0;
    for (int i = 0; i < 500; i++) {
        cam_CAM v;
        random_cam(&v);
        if (cam_CAM_check(&v) != ASN1RT_OK) {   /* the generator's own bug, not the codec's */
            invalid++;
            continue;
        }
        for (size_t k = 0; k < 3; k++) {
            uint8_t a[256], b[256];
            size_t an, bn;
            cam_CAM w;
            if (rules[k].enc(&v, a, sizeof a, &an) != ASN1RT_OK || rules[k].dec(&w, a, an) != ASN1RT_OK ||
                !cam_CAM_equal(&v, &w) || rules[k].enc(&w, b, sizeof b, &bn) != ASN1RT_OK || an != bn ||
                memcmp(a, b, an) != 0)
                bad[k]++;
        }
    }
    for (size_t k = 0; k < 3; k++)
        if (bad[k])
            printf("\n  %s: %u of 500 random CAMs do not round-trip\n", rules[k].name, bad[k]);
    CU_ASSERT_EQUAL(invalid, 0);
    CU_ASSERT_EQUAL(bad[0], 0);
    CU_ASSERT_EQUAL(bad[1], 0);
    CU_ASSERT_EQUAL(bad[2], 0);
}

/* The three encodings of one value differ in size as X.696 and X.691 say:
 * UPER packs bits, OER rounds each field up to octets, DER adds tags. */
static void test_sizes(void)
{
    cam_CAM v;
    uint8_t d[256], o[256], u[256];
    size_t dn, on, un;
    random_cam(&v);
    CU_ASSERT_EQUAL_FATAL(cam_CAM_encode(&v, d, sizeof d, &dn), ASN1RT_OK);
    CU_ASSERT_EQUAL_FATAL(cam_CAM_oer_encode(&v, o, sizeof o, &on), ASN1RT_OK);
    CU_ASSERT_EQUAL_FATAL(cam_CAM_uper_encode(&v, u, sizeof u, &un), ASN1RT_OK);
    CU_ASSERT(un < on && on < dn);
}

int main(void)
{
    static const cunit_test tests[] = {
        { "500 random CAMs: DER, OER and UPER decode(encode(v)) == v, same octets again", test_cross },
        { "UPER < OER < DER in size", test_sizes },
    };
    return CUNIT_MAIN("oer-cam-cross-encoding", tests, CU_BRM_VERBOSE);
}
