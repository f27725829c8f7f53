//! One million random, mutated and mangled links through the decoder: no panic, no hang, and
//! whatever loads is a valid, priceable scenario; a real link mangled as mail and chat mangle
//! links (`common::mangle`, issue 38) opens its own scenario. Slow in a debug build, so it runs in release:
//! `cargo test --release --test link_fuzz` (the README's test command does).
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::mangle::{fragment_of, link, randomly_mangled};
use common::{catalog, random_edits, Rng};
use course_cost::model::evaluate;
use course_cost::model::presets::builtin_presets;
use course_cost::model::scenario::validate::validate;
use course_cost::model::share::{decode, encode, payload_of};
use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::decompress_to_vec;

const CASES: usize = 1_000_000;

fn check(payload: &str) {
    let decoded = decode(payload, catalog()).expect("presets load");
    let errors = validate(&decoded.scenario, catalog());
    assert!(errors.is_empty(), "{payload}: {errors:?}");
    assert!(evaluate(&decoded.scenario, catalog()).is_ok(), "{payload}");
}

/// Rewrites one random number or string in a JSON text.
fn mutate_json(json: &str, rng: &mut Rng) -> String {
    const REPLACEMENTS: [&str; 12] = [
        "-1",
        "1e308",
        "0",
        "null",
        "\"x\"",
        "[]",
        "{}",
        "99999999999999999999",
        "0.000001",
        "true",
        "\"<script>alert(1)</script>\"",
        "[[[[[[1]]]]]]",
    ];
    let bytes = json.as_bytes();
    let starts: Vec<usize> = (0..bytes.len())
        .filter(|&i| matches!(bytes[i], b'0'..=b'9' | b'"' | b'[' | b'{'))
        .collect();
    if starts.is_empty() {
        return json.to_string();
    }
    let at = starts[rng.below(starts.len())];
    let end = (at + 1 + rng.below(12)).min(json.len());
    let (head, tail) = (&json[..at], &json[end..]);
    if !json.is_char_boundary(at) || !json.is_char_boundary(end) {
        return json.to_string();
    }
    format!(
        "{head}{}{tail}",
        REPLACEMENTS[rng.below(REPLACEMENTS.len())]
    )
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "slow in debug: cargo test --release --test link_fuzz"
)]
fn a_million_random_and_mutated_links_never_panic() {
    let mut rng = Rng::new(0xf022);
    let presets = builtin_presets().expect("presets");
    // Real links to mutate: presets with random edits.
    let mut seeds: Vec<String> = (0..200)
        .map(|i| {
            let preset = &presets[i % presets.len()];
            encode(
                &random_edits(&preset.scenario, &mut rng, 1 + i % 30),
                preset,
            )
        })
        .collect();
    // And links of every earlier version, so the migration is shaken too.
    let corpus: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("links/v1.json")).expect("corpus parses");
    seeds.extend(
        corpus
            .iter()
            .filter_map(|entry| entry["payload"].as_str().map(str::to_string)),
    );
    let jsons: Vec<String> = seeds
        .iter()
        .map(|p| {
            let bytes = URL_SAFE_NO_PAD.decode(p).expect("own links are base64");
            String::from_utf8(decompress_to_vec(&bytes).expect("own links inflate")).expect("utf8")
        })
        .collect();
    // What each real link opens, for its mangled forms.
    let opened: Vec<_> = seeds
        .iter()
        .map(|p| decode(p, catalog()).expect("presets load").scenario)
        .collect();
    const ALPHABET: &[u8] =
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=%#&<>\" ";
    for case in 0..CASES {
        let payload = match case % 6 {
            // Random bytes, base64-encoded: mostly not deflate, not JSON.
            0 => {
                let bytes: Vec<u8> = (0..rng.below(300)).map(|_| rng.next_u64() as u8).collect();
                URL_SAFE_NO_PAD.encode(bytes)
            }
            // Random text.
            1 => (0..rng.below(200))
                .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
                .collect(),
            // A real link with characters changed, dropped or cut.
            2 => {
                let mut chars: Vec<u8> = seeds[rng.below(seeds.len())].clone().into_bytes();
                for _ in 0..1 + rng.below(4) {
                    if chars.is_empty() {
                        break;
                    }
                    let at = rng.below(chars.len());
                    match rng.below(3) {
                        0 => chars[at] = ALPHABET[rng.below(64)],
                        1 => {
                            chars.remove(at);
                        }
                        _ => chars.truncate(at),
                    }
                }
                String::from_utf8(chars).unwrap_or_default()
            }
            // A real link's JSON with values replaced, recompressed: deep into the reader.
            3 => {
                let mut json = jsons[rng.below(jsons.len())].clone();
                for _ in 0..1 + rng.below(3) {
                    json = mutate_json(&json, &mut rng);
                }
                URL_SAFE_NO_PAD.encode(compress_to_vec(json.as_bytes(), 1))
            }
            // A real link mangled on its way (encoded, wrapped, quoted): it opens as it was.
            4 => {
                let seed = rng.below(seeds.len());
                let text = randomly_mangled(&link(&seeds[seed]), &mut rng);
                let payload = payload_of(fragment_of(&text)).unwrap_or_default();
                let decoded = decode(&payload, catalog()).expect("presets load");
                assert_eq!(decoded.scenario, opened[seed], "{text:?}");
                payload
            }
            // Plain (uncompressed) mutated JSON, as a hand-written link would be.
            _ => {
                let json = mutate_json(&jsons[rng.below(jsons.len())], &mut rng);
                URL_SAFE_NO_PAD.encode(json)
            }
        };
        check(&payload);
    }
}

#[test]
fn a_compressed_link_cannot_inflate_without_bound() {
    let lab = r#"{"n":"x","o":[{"n":"o","p":100,"u":[["m1.small",1,1,0]]}]}"#;
    // 4,000 labs deflate to a few kilobytes but are more than any course: 100 load.
    let json = format!(r#"{{"v":1,"l":[{}]}}"#, vec![lab; 4_000].join(","));
    let payload = URL_SAFE_NO_PAD.encode(compress_to_vec(json.as_bytes(), 9));
    assert!(payload.len() < 16_384);
    let decoded = decode(&payload, catalog()).expect("presets load");
    assert_eq!(decoded.scenario.course.labs.len(), 100);
    // 40,000 labs inflate past the limit: refused as damaged.
    let json = format!(r#"{{"v":1,"l":[{}]}}"#, vec![lab; 40_000].join(","));
    let payload = URL_SAFE_NO_PAD.encode(compress_to_vec(json.as_bytes(), 9));
    let decoded = decode(&payload, catalog()).expect("presets load");
    assert_eq!(decoded.scenario.course.labs.len(), 8);
    assert_eq!(decoded.notices.len(), 1);
}
