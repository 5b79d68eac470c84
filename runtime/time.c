/* UTCTime and GeneralizedTime in their DER forms (X.690 11.7, 11.8). */
#include <string.h>

#include "internal.h"

static bool is_leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int days_in_month(int y, int m)
{
    static const uint8_t days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    return m == 2 && is_leap(y) ? 29 : days[m - 1];
}

/* Every field in range; the year range depends on the type. */
static int check_fields(unsigned universal, const asn1rt_time *t)
{
    int ylo = universal == ASN1RT_UT_UTCTIME ? 1950 : 0;
    int yhi = universal == ASN1RT_UT_UTCTIME ? 2049 : 9999;
    if (t->year < ylo || t->year > yhi || t->month < 1 || t->month > 12 ||
        t->day < 1 || t->day > days_in_month(t->year, t->month) ||
        t->hour < 0 || t->hour > 23 || t->minute < 0 || t->minute > 59 ||
        t->second < 0 || t->second > 59 || t->nanos > 999999999u)
        return ASN1RT_E_TIME_VALUE;
    if (universal == ASN1RT_UT_UTCTIME && t->nanos != 0)
        return ASN1RT_E_TIME_VALUE;              /* UTCTime has no fraction */
    return ASN1RT_OK;
}

static bool digits(const uint8_t *p, size_t n, int *out)
{
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return false;
        v = v * 10 + (p[i] - '0');
    }
    *out = v;
    return true;
}

int asn1rt_i_time_parse(unsigned universal, const uint8_t *p, size_t n, asn1rt_time *out)
{
    asn1rt_time t = { 0, 0, 0, 0, 0, 0, 0 };
    size_t y = universal == ASN1RT_UT_UTCTIME ? 2 : 4;
    int rc;
    if (p == NULL && n != 0)
        return ASN1RT_E_ARG;
    if (universal != ASN1RT_UT_UTCTIME && universal != ASN1RT_UT_GENERALIZEDTIME)
        return ASN1RT_E_ARG;
    /* X.690 11.7.1, 11.8.1: ends with Z; 11.7.2, 11.8.2: seconds present. */
    if (n < y + 11 || p[n - 1] != 'Z')
        return ASN1RT_E_TIME_FORMAT;
    if (!digits(p, y, &t.year) || !digits(p + y, 2, &t.month) || !digits(p + y + 2, 2, &t.day) ||
        !digits(p + y + 4, 2, &t.hour) || !digits(p + y + 6, 2, &t.minute) ||
        !digits(p + y + 8, 2, &t.second))
        return ASN1RT_E_TIME_FORMAT;
    if (universal == ASN1RT_UT_UTCTIME) {
        if (n != 13)
            return ASN1RT_E_TIME_FORMAT;
        t.year += t.year >= 50 ? 1900 : 2000;     /* RFC 5280 4.1.2.5.1 */
    } else if (n != 15) {
        /* X.690 11.7.3, 11.7.4: "." then digits without trailing zeros. */
        size_t f = 15, k = n - 1 - f;             /* fraction digits */
        uint32_t nanos = 0, scale = 100000000u;
        if (p[14] != '.' || k == 0 || p[n - 2] == '0')
            return ASN1RT_E_TIME_FORMAT;
        for (size_t i = 0; i < k; i++) {
            uint8_t c = p[f + i];
            if (c < '0' || c > '9')
                return ASN1RT_E_TIME_FORMAT;
            nanos += (uint32_t)(c - '0') * scale; /* digits past the 9th are dropped */
            scale /= 10;
        }
        t.nanos = nanos;
    }
    if ((rc = check_fields(universal, &t)) != ASN1RT_OK)
        return rc;
    if (out != NULL)
        *out = t;
    return ASN1RT_OK;
}

int asn1rt_time_parse(unsigned universal, const asn1rt_view *text, asn1rt_time *out)
{
    if (text == NULL || out == NULL)
        return ASN1RT_E_ARG;
    return asn1rt_i_time_parse(universal, text->ptr, text->len, out);
}

size_t asn1rt_time_len(unsigned universal, const asn1rt_time *t)
{
    size_t n;
    uint32_t f;
    if (t == NULL || (universal != ASN1RT_UT_UTCTIME && universal != ASN1RT_UT_GENERALIZEDTIME) ||
        check_fields(universal, t) != ASN1RT_OK)
        return 0;
    if (universal == ASN1RT_UT_UTCTIME)
        return 13;
    n = 15;
    if (t->nanos != 0) {
        n += 1 + 9;
        for (f = t->nanos; f % 10 == 0; f /= 10)
            n--;                                  /* X.690 11.7.3: no trailing zeros */
    }
    return n;
}

static void put2(char *p, int v)
{
    p[0] = (char)('0' + v / 10);
    p[1] = (char)('0' + v % 10);
}

int asn1rt_time_format(unsigned universal, const asn1rt_time *t, char *buf, size_t cap, size_t *len)
{
    size_t n, y;
    int rc;
    if (t == NULL || len == NULL || (buf == NULL && cap != 0) ||
        (universal != ASN1RT_UT_UTCTIME && universal != ASN1RT_UT_GENERALIZEDTIME))
        return ASN1RT_E_ARG;
    if ((rc = check_fields(universal, t)) != ASN1RT_OK)
        return rc;
    n = asn1rt_time_len(universal, t);
    if (n > cap)
        return ASN1RT_E_BUFFER_TOO_SMALL;
    if (universal == ASN1RT_UT_UTCTIME) {
        put2(buf, t->year % 100);
        y = 2;
    } else {
        put2(buf, t->year / 100);
        put2(buf + 2, t->year % 100);
        y = 4;
    }
    put2(buf + y, t->month);
    put2(buf + y + 2, t->day);
    put2(buf + y + 4, t->hour);
    put2(buf + y + 6, t->minute);
    put2(buf + y + 8, t->second);
    if (n > 15) {
        uint32_t f = t->nanos;
        buf[14] = '.';
        /* Digits of the 9-digit fraction, most significant first, cut at n-1. */
        {
            char d[9];
            for (int i = 8; i >= 0; i--) {
                d[i] = (char)('0' + f % 10);
                f /= 10;
            }
            for (size_t i = 15; i < n - 1; i++)
                buf[i] = d[i - 15];
        }
    }
    buf[n - 1] = 'Z';
    *len = n;
    return ASN1RT_OK;
}

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar,
 * counting in 400-year eras that start on March 1st. */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    int64_t era, yoe, doy, doe;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int asn1rt_time_to_epoch(const asn1rt_time *t, int64_t *seconds)
{
    if (t == NULL || seconds == NULL)
        return ASN1RT_E_ARG;
    if (check_fields(ASN1RT_UT_GENERALIZEDTIME, t) != ASN1RT_OK)
        return ASN1RT_E_TIME_VALUE;
    *seconds = days_from_civil(t->year, t->month, t->day) * 86400 +
               t->hour * 3600 + t->minute * 60 + t->second;
    return ASN1RT_OK;
}

int asn1rt_time_from_epoch(int64_t seconds, asn1rt_time *out)
{
    /* 0000-01-01T00:00:00Z .. 9999-12-31T23:59:59Z, what GeneralizedTime holds. */
    const int64_t lo = -62167219200, hi = 253402300799;
    int64_t days, sod, era, doe, yoe, y, doy, mp;
    if (out == NULL)
        return ASN1RT_E_ARG;
    if (seconds < lo || seconds > hi)
        return ASN1RT_E_TIME_VALUE;
    days = seconds / 86400;
    sod = seconds % 86400;
    if (sod < 0) {
        sod += 86400;
        days--;
    }
    days += 719468;
    era = (days >= 0 ? days : days - 146096) / 146097;
    doe = days - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    out->day = (int)(doy - (153 * mp + 2) / 5 + 1);
    out->month = (int)(mp < 10 ? mp + 3 : mp - 9);
    out->year = (int)(y + (out->month <= 2));
    out->hour = (int)(sod / 3600);
    out->minute = (int)(sod / 60 % 60);
    out->second = (int)(sod % 60);
    out->nanos = 0;
    return ASN1RT_OK;
}

/* ------------------------------------------------------------------ */
/* BER's forms (X.680 46.3, 47.3), which X.690 11.7 and 11.8 restrict    */
/* for DER and CER only: minutes or seconds absent, a fraction of the    */
/* hour, minute or second after "." or ",", a time differential +-hhmm   */
/* (GeneralizedTime also +-hh) instead of Z.                             */

/* Multiplies the fraction 0.d[0]d[1]... by 60 in place; returns the
 * integer part carried out (0..59). Exact: no digit is lost. */
static int fraction_times_60(uint8_t *d, size_t k)
{
    int carry = 0;
    for (size_t i = k; i-- > 0;) {
        int v = d[i] * 60 + carry;
        d[i] = (uint8_t)(v % 10);
        carry = v / 10;
    }
    return carry;
}

int asn1rt_i_time_from_ber(unsigned universal, const uint8_t *p, size_t n, uint8_t *out, size_t *out_len)
{
    asn1rt_time t = { 0, 0, 0, 0, 0, 0, 0 };
    bool utc = universal == ASN1RT_UT_UTCTIME;
    size_t y = utc ? 2 : 4, i, frac = 0, k = 0, len;
    int unit = 0;              /* the last field present: 0 hour, 1 minute, 2 second */
    int off_h = 0, off_m = 0, sign = 0;
    char head[15];
    int rc;

    if (universal != ASN1RT_UT_UTCTIME && universal != ASN1RT_UT_GENERALIZEDTIME)
        return ASN1RT_E_ARG;
    if (n < y + 6 || !digits(p, y, &t.year) || !digits(p + y, 2, &t.month) || !digits(p + y + 2, 2, &t.day) ||
        !digits(p + y + 4, 2, &t.hour))
        return ASN1RT_E_TIME_FORMAT;
    i = y + 6;
    if (n - i >= 2 && digits(p + i, 2, &t.minute)) {
        unit = 1;
        i += 2;
        if (n - i >= 2 && digits(p + i, 2, &t.second)) {
            unit = 2;
            i += 2;
        }
    }
    if (utc && unit == 0)
        return ASN1RT_E_TIME_FORMAT;              /* X.680 47.3: minutes are required */
    if (!utc && i < n && (p[i] == '.' || p[i] == ',')) {
        frac = ++i;                               /* X.680 46.3 a): ISO 8601 decimal fraction */
        while (i < n && p[i] >= '0' && p[i] <= '9')
            i++;
        k = i - frac;
        if (k == 0)
            return ASN1RT_E_TIME_FORMAT;
    }
    if (i < n && p[i] == 'Z' && i + 1 == n) {
        /* UTC */
    } else if (i < n && (p[i] == '+' || p[i] == '-')) {
        /* A time differential: hhmm, or hh alone in GeneralizedTime (ISO 8601). */
        size_t m = n - i - 1;
        sign = p[i] == '+' ? 1 : -1;
        if (!(m == 4 || (!utc && m == 2)) || !digits(p + i + 1, 2, &off_h) ||
            (m == 4 && !digits(p + i + 3, 2, &off_m)))
            return ASN1RT_E_TIME_FORMAT;
        if (off_h > 23 || off_m > 59)
            return ASN1RT_E_TIME_VALUE;
    } else {
        /* Local time (no Z, no differential) names no instant, so it has no
         * DER (X.690 11.7.1, 11.8.1 want Z): refused. */
        return ASN1RT_E_TIME_FORMAT;
    }
    if (utc)
        t.year += t.year >= 50 ? 1900 : 2000;     /* RFC 5280 4.1.2.5.1 */
    if ((rc = check_fields(ASN1RT_UT_GENERALIZEDTIME, &t)) != ASN1RT_OK)
        return rc;

    /* The fraction's digits, moved to the end of out (it has n + 8 octets,
     * the DER text at most n + 4), become the seconds' fraction. */
    len = 0;
    {
        uint8_t *d = out + 8 + n - k;
        for (size_t j = 0; j < k; j++)
            d[j] = (uint8_t)(p[frac + j] - '0');
        if (k > 0 && unit == 0)
            t.minute = fraction_times_60(d, k);
        if (k > 0 && unit <= 1)
            t.second = fraction_times_60(d, k);
        while (k > 0 && d[k - 1] == 0)
            k--;                                  /* X.690 11.7.4: no trailing zeros */
        if (sign != 0) {
            int64_t s = 0;
            uint32_t nanos = t.nanos;
            if (asn1rt_time_to_epoch(&t, &s) != ASN1RT_OK ||
                asn1rt_time_from_epoch(s - sign * (int64_t)(off_h * 3600 + off_m * 60), &t) != ASN1RT_OK)
                return ASN1RT_E_TIME_VALUE;       /* GeneralizedTime before year 0 or past 9999 in UTC */
            t.nanos = nanos;
        }
        if ((rc = asn1rt_time_format(universal, &t, head, sizeof head, &len)) != ASN1RT_OK)
            return rc;                            /* UTCTime outside 1950..2049 once in UTC */
        len--;                                    /* the Z goes after the fraction */
        memcpy(out, head, len);
        if (k > 0) {
            out[len++] = '.';                     /* X.690 11.7.3 */
            for (size_t j = 0; j < k; j++)
                out[len++] = (uint8_t)('0' + d[j]);
        }
        out[len++] = 'Z';
    }
    *out_len = len;
    return ASN1RT_OK;
}
