//! The bench peer written with the `asn1` crate's derive macros (the closest
//! peer to the seed's derive-based Rust library). The C harness calls these
//! functions directly; decode results borrow the caller's buffer.
//!
//! Each decode returns a value read from the decoded struct (so the work
//! cannot be dropped) or -1 on a parse error. Encode writes with
//! `asn1::write_single`, the crate's writer, which returns a `Vec`; the bytes
//! are copied into the caller's buffer.

use std::slice;

// --- RFC 5280 Certificate, as the RFC defines it (ANY fields stay raw) ---

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct AlgorithmIdentifier<'a> {
    algorithm: asn1::ObjectIdentifier,
    parameters: Option<asn1::Tlv<'a>>,
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct AttributeTypeAndValue<'a> {
    attr_type: asn1::ObjectIdentifier,
    value: asn1::Tlv<'a>,
}

type RelativeDistinguishedName<'a> = asn1::SetOf<'a, AttributeTypeAndValue<'a>>;
type Name<'a> = asn1::SequenceOf<'a, RelativeDistinguishedName<'a>>;

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub enum Time {
    UtcTime(asn1::UtcTime),
    GeneralizedTime(asn1::GeneralizedTime),
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct Validity {
    not_before: Time,
    not_after: Time,
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct SubjectPublicKeyInfo<'a> {
    algorithm: AlgorithmIdentifier<'a>,
    subject_public_key: asn1::BitString<'a>,
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct Extension<'a> {
    extn_id: asn1::ObjectIdentifier,
    #[default(false)]
    critical: bool,
    extn_value: &'a [u8],
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct TbsCertificate<'a> {
    #[explicit(0)]
    #[default(0u8)]
    version: u8,
    serial_number: asn1::BigInt<'a>,
    signature: AlgorithmIdentifier<'a>,
    issuer: Name<'a>,
    validity: Validity,
    subject: Name<'a>,
    subject_public_key_info: SubjectPublicKeyInfo<'a>,
    #[implicit(1)]
    issuer_unique_id: Option<asn1::BitString<'a>>,
    #[implicit(2)]
    subject_unique_id: Option<asn1::BitString<'a>>,
    #[explicit(3)]
    extensions: Option<asn1::SequenceOf<'a, Extension<'a>>>,
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct Certificate<'a> {
    tbs_certificate: TbsCertificate<'a>,
    signature_algorithm: AlgorithmIdentifier<'a>,
    signature_value: asn1::BitString<'a>,
}

// --- schemas/bench.asn (AUTOMATIC TAGS: components tagged [0], [1], ...) ---

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct IntegerStruct<'a> {
    #[implicit(0, required)]
    a: asn1::BigInt<'a>,
    #[implicit(1, required)]
    b: asn1::BigInt<'a>,
    #[implicit(2, required)]
    c: asn1::BigInt<'a>,
}

// The crate has no u16 reader and no range constraints: u8, u32, i64 with
// the ranges left unchecked.
#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct ConstrainedStruct {
    #[implicit(0, required)]
    small: u8,
    #[implicit(1, required)]
    medium: u32,
    #[implicit(2, required)]
    large: i64,
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct SimpleSequence<'a> {
    #[implicit(0, required)]
    id: asn1::BigInt<'a>,
    #[implicit(1, required)]
    flag: bool,
    #[implicit(2, required)]
    payload: &'a [u8],
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct NestedBody<'a> {
    #[implicit(0, required)]
    count: u32,
    #[implicit(1, required)]
    inner: SimpleSequence<'a>,
}

#[derive(asn1::Asn1Read, asn1::Asn1Write)]
pub struct NestedSequence<'a> {
    #[implicit(0, required)]
    header: SimpleSequence<'a>,
    #[implicit(1, required)]
    body: NestedBody<'a>,
}

/// # Safety
/// `der` must point to `len` readable bytes (or be NULL with `len` 0).
unsafe fn input<'a>(der: *const u8, len: usize) -> &'a [u8] {
    if len == 0 {
        &[]
    } else {
        slice::from_raw_parts(der, len)
    }
}

fn copy_out(v: asn1::WriteResult<Vec<u8>>, buf: *mut u8, cap: usize, out_len: *mut usize) -> i32 {
    match v {
        Ok(bytes) if bytes.len() <= cap => {
            // SAFETY: the caller guarantees `buf` holds `cap` bytes.
            unsafe {
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf, bytes.len());
                *out_len = bytes.len();
            }
            0
        }
        _ => -1,
    }
}

macro_rules! peer_functions {
    ($ty:ident, $decode:ident, $load:ident, $encode:ident, $free:ident, |$v:ident| $probe:expr) => {
        /// Decodes `der` completely; returns a value read from the result, or -1.
        ///
        /// # Safety
        /// `der` must point to `len` readable bytes.
        #[no_mangle]
        pub unsafe extern "C" fn $decode(der: *const u8, len: usize) -> i64 {
            match asn1::parse_single::<$ty>(input(der, len)) {
                Ok($v) => $probe,
                Err(_) => -1,
            }
        }

        /// Decodes `der` into a heap object for the encode loop; NULL on error.
        /// The object borrows `der`, which must outlive it.
        ///
        /// # Safety
        /// `der` must point to `len` readable bytes that outlive the result.
        #[no_mangle]
        pub unsafe extern "C" fn $load(der: *const u8, len: usize) -> *mut std::ffi::c_void {
            match asn1::parse_single::<$ty>(input(der, len)) {
                Ok(v) => Box::into_raw(Box::new(v)) as *mut std::ffi::c_void,
                Err(_) => std::ptr::null_mut(),
            }
        }

        /// Encodes a loaded object into `buf`; 0, or -1 if it does not fit.
        ///
        /// # Safety
        /// `h` comes from the matching load function; `buf` holds `cap` bytes.
        #[no_mangle]
        pub unsafe extern "C" fn $encode(
            h: *const std::ffi::c_void,
            buf: *mut u8,
            cap: usize,
            out_len: *mut usize,
        ) -> i32 {
            let v = &*(h as *const $ty);
            copy_out(asn1::write_single(v), buf, cap, out_len)
        }

        /// # Safety
        /// `h` comes from the matching load function, or is NULL.
        #[no_mangle]
        pub unsafe extern "C" fn $free(h: *mut std::ffi::c_void) {
            if !h.is_null() {
                drop(Box::from_raw(h as *mut $ty));
            }
        }
    };
}

peer_functions!(Certificate, peers_rust_x509_decode, peers_rust_x509_load,
    peers_rust_x509_encode, peers_rust_x509_free,
    |c| c.tbs_certificate.serial_number.as_bytes().len() as i64
        + c.signature_value.as_bytes().len() as i64);
peer_functions!(IntegerStruct, peers_rust_integer_decode, peers_rust_integer_load,
    peers_rust_integer_encode, peers_rust_integer_free,
    |s| (s.a.as_bytes()[0] as i64) + (s.b.as_bytes()[0] as i64) + (s.c.as_bytes()[0] as i64));
peer_functions!(ConstrainedStruct, peers_rust_constrained_decode, peers_rust_constrained_load,
    peers_rust_constrained_encode, peers_rust_constrained_free,
    |s| s.small as i64 + s.medium as i64 + (s.large & 0xffff));
peer_functions!(SimpleSequence, peers_rust_simple_decode, peers_rust_simple_load,
    peers_rust_simple_encode, peers_rust_simple_free,
    |s| s.id.as_bytes()[0] as i64 + s.flag as i64 + s.payload.len() as i64);
peer_functions!(NestedSequence, peers_rust_nested_decode, peers_rust_nested_load,
    peers_rust_nested_encode, peers_rust_nested_free,
    |s| s.header.payload.len() as i64 + s.body.count as i64 + s.body.inner.payload.len() as i64);

type OctetString<'a> = &'a [u8];
peer_functions!(OctetString, peers_rust_octets_decode, peers_rust_octets_load,
    peers_rust_octets_encode, peers_rust_octets_free,
    |s| s.len() as i64);
