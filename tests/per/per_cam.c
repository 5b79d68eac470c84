/* per_cam.c — a CAM (ETSI EN 302 637-2) from a roadside unit, built from
 * asn1cc's structs and written as UPER in hex, for tests/per/tshark.sh,
 * which has tshark's its dissector read it back. The values here are the
 * ones tshark.sh expects to see. */
#include <stdio.h>

#include "cam_pdu_descriptions.h"

int main(void)
{
    static cam_CAM cam;
    static uint8_t buf[512];
    size_t len = 0;
    int rc;

    cam_CAM_init(&cam);
    cam.header = (cam_ItsPduHeader){ .protocolVersion = 2, .messageID = 2 /* cam */, .stationID = 12345 };
    cam.cam.generationDeltaTime = 4242;
    cam.cam.camParameters.basicContainer.stationType = 15; /* roadSideUnit */
    cam.cam.camParameters.basicContainer.referencePosition = (cam_ReferencePosition){
        .latitude = 487654321,
        .longitude = 91234567,
        .positionConfidenceEllipse = { .semiMajorConfidence = 100, .semiMinorConfidence = 50, .semiMajorOrientation = 900 },
        .altitude = { .altitudeValue = 12000, .altitudeConfidence = cam_AltitudeConfidence_alt_000_05 },
    };
    cam.cam.camParameters.highFrequencyContainer.present = cam_HighFrequencyContainer_PR_rsuContainerHighFrequency;
    if ((rc = cam_CAM_uper_encode(&cam, buf, sizeof buf, &len)) != 0) {
        fprintf(stderr, "per_cam: %s\n", asn1rt_strerror(rc));
        return 1;
    }
    for (size_t i = 0; i < len; i++)
        printf("%02x", buf[i]);
    printf("\n");
    return 0;
}
