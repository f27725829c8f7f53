//! Share links: the whole scenario in the URL fragment, as `#s=<payload>`.
//!
//! The payload is a versioned JSON object, deflated and base64url-encoded without padding, that
//! names the preset it starts from and carries only what differs from it, so the paper's course
//! with a few edits stays short. Decoding never panics and never trusts the link: sizes are
//! bounded, every part is checked on its own, and what cannot be used is dropped with a notice
//! while the rest loads.
//!
//! - `num`: the exact number type, the same bits on every platform.
//! - `wire`: the payload's shape (version 2: named fields, all optional; scalar settings in one
//!   map keyed by path).
//! - `wire_read`: a payload's JSON read into that shape, part by part.
//! - `encode`: a scenario to a payload.
//! - `decode`: a payload to a scenario, bounded; `migrate` brings older versions to the current
//!   shape first and `read` applies each part through the commit path; `old_version` says when
//!   a link was made with an archived version of its preset, and what today's gives.
//! - `base64url`: the payload's text (RFC 4648 base64url, no padding), by hand.
//! - `pack`: the compression seam (raw deflate): miniz natively, the browser's compression
//!   streams in the wasm (`browser::deflate`), stored blocks until those answer.
//! - `url`: where the payload sits in the fragment; `mangled`: what mail and chat add to a link
//!   on the way, taken out before it is read.
//! - `view`: how the page is shown (`?embed=1&edit=1&theme=dark`); `tab`: which view of it
//!   (`&v=plan`).

mod base64url;
mod decode;
mod encode;
mod mangled;
mod migrate;
mod num;
mod old_version;
mod pack;
mod read;
mod tab;
mod url;
mod view;
mod wire;
mod wire_read;

#[cfg(not(target_arch = "wasm32"))]
pub use decode::decode;
pub use decode::{decode_inflated, refused, unpack, Decoded};
pub use encode::{encode, encode_json, encode_pair, payload_now, payload_of_deflated, try_again};
pub use old_version::OldVersion;
#[cfg(not(target_arch = "wasm32"))]
pub use pack::miniz;
pub use pack::{deflate_now, stored_deflate, Inflated, MAX_JSON_BYTES};
pub use tab::{Tab, TAB_PARAM};
pub use url::{encode_fragment, fragment_param, payload_of, PARAM};
pub use view::{pym_child_id, reports_link, view_of, Theme, View, TRANSPARENT_CLASS};
pub use wire::LINK_VERSION;
